import type { PluginUIContext } from 'molstar/lib/mol-plugin-ui/context';
import { useEffect, useState } from 'react';
import { useOptionalViewer } from './ViewerProvider';

interface Counts {
  structures: number;
  /** Atoms over every structure: tells an edited file's reloaded copy from the old one. */
  atoms: number;
  representations: number;
  /** Mol*'s left and right regions (full / collapsed / hidden), which follow Med View's width. */
  left: string;
  right: string;
}

/**
 * What Med View holds, as data attributes on an invisible element (`med-view-status`): the
 * loaded and the hidden file ids, the structures in Mol*'s hierarchy and the visuals on the
 * canvas, the atoms they hold and the side panels' states. Browser tests wait on these instead of on fixed delays; a loaded structure with no
 * visual would be a blank picture.
 */
export function MedViewStatus({ plugin }: { plugin: PluginUIContext }) {
  const viewer = useOptionalViewer();
  const [counts, setCounts] = useState<Counts>({
    structures: 0,
    atoms: 0,
    representations: 0,
    left: plugin.layout.state.regionState.left,
    right: plugin.layout.state.regionState.right,
  });
  const [files, setFiles] = useState(() => viewer?.snapshot().files ?? []);

  useEffect(() => {
    if (!viewer) return;
    setFiles(viewer.snapshot().files);
    return viewer.subscribe(() => setFiles(viewer.snapshot().files));
  }, [viewer]);

  useEffect(() => {
    let stopped = false;
    const subs: { unsubscribe(): void }[] = [];
    const update = (change: Partial<Counts>) => {
      if (!stopped) setCounts((current) => ({ ...current, ...change }));
    };
    subs.push(
      plugin.managers.structure.hierarchy.behaviors.selection.subscribe(() => {
        const structures = plugin.managers.structure.hierarchy.current.structures;
        const atoms = structures.reduce((sum, s) => sum + (s.cell.obj?.data.elementCount ?? 0), 0);
        update({ structures: structures.length, atoms });
      }),
      plugin.layout.events.updated.subscribe(() => {
        const { left, right } = plugin.layout.state.regionState;
        update({ left, right });
      }),
    );
    // The canvas exists only once the viewport has mounted.
    void plugin.canvas3dInitialized.then(() => {
      if (stopped || !plugin.canvas3d) return;
      subs.push(plugin.canvas3d.reprCount.subscribe((representations) => update({ representations })));
    });
    return () => {
      stopped = true;
      for (const sub of subs) sub.unsubscribe();
    };
  }, [plugin]);

  return (
    <div
      hidden
      data-testid="med-view-status"
      data-files={files.map((f) => f.fileId).join(',')}
      data-hidden={files
        .filter((f) => !f.visible)
        .map((f) => f.fileId)
        .join(',')}
      data-structures={counts.structures}
      data-atoms={counts.atoms}
      data-left={counts.left}
      data-right={counts.right}
      data-representations={counts.representations}
    />
  );
}
