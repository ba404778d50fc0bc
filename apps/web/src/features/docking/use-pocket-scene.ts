import type { DockingPocket, ProjectFile } from '@medx/contract';
import { useEffect, useRef, useState } from 'react';
import { openProjectFile } from '../../viewer/open-file';
import { useOptionalViewer, useViewerPlugin } from '../../viewer/ViewerProvider';
import { isDrawablePocket } from './box-geometry';

/** How far the pocket step's scene is: the chosen files in Med View, then the camera on the box. */
export type PocketSceneState = 'no-viewer' | 'loading' | 'shown';

/**
 * The pocket step's scene (issue 12.9): the chosen protein and the first chosen ligand are shown
 * in Med View (loaded if absent, shown again if hidden), so the box is drawn around them rather
 * than in an empty scene. `focus()` asks for the camera on the box: it moves once the box for the
 * current pocket is drawn (`drawn` changes) and the files are in. The step asks on arrival and
 * when a helper (ligand, residues, detection, selection) sets the pocket, not while the numbers
 * are typed or grown, so fine-tuning does not throw the user's view around.
 */
export function usePocketScene(
  protein: ProjectFile | null,
  ligand: ProjectFile | null,
  pocket: DockingPocket,
  drawn: string,
): { state: PocketSceneState; focus: () => void } {
  const viewer = useOptionalViewer();
  const plugin = useViewerPlugin();
  const [state, setState] = useState<PocketSceneState>('loading');
  const wanted = useRef(true);
  const [asks, setAsks] = useState(0);
  const latest = useRef(pocket);
  latest.current = pocket;

  const proteinId = protein?.id ?? null;
  const ligandId = ligand?.id ?? null;
  useEffect(() => {
    if (!viewer || !plugin) {
      setState('no-viewer');
      return;
    }
    let cancelled = false;
    setState('loading');
    void (async () => {
      for (const id of [proteinId, ligandId]) {
        if (id === null || cancelled) continue;
        if (!viewer.isLoaded(id)) await openProjectFile(viewer, id);
        else if (!viewer.isVisible(id)) viewer.setVisible(id, true);
      }
      if (!cancelled) setState('shown');
    })();
    return () => {
      cancelled = true;
    };
  }, [viewer, plugin, proteinId, ligandId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `asks` and `drawn` are the triggers; the pocket is read from its ref.
  useEffect(() => {
    if (!plugin || state !== 'shown' || !wanted.current || !drawn) return;
    const target = latest.current;
    if (!isDrawablePocket(target)) return;
    wanted.current = false;
    void import('./docking-box-molstar').then(({ focusDockingBox }) => focusDockingBox(plugin, target));
  }, [plugin, state, drawn, asks]);

  return {
    state,
    focus: () => {
      wanted.current = true;
      setAsks((n) => n + 1);
    },
  };
}
