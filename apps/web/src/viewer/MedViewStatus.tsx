import type { PluginUIContext } from 'molstar/lib/mol-plugin-ui/context';
import { useEffect, useState } from 'react';
import { useOptionalViewer } from './ViewerProvider';

interface Counts {
  structures: number;
  representations: number;
}

/**
 * What Med View holds, as data attributes on an invisible element (`med-view-status`): the
 * loaded and the hidden file ids, the structures in Mol*'s hierarchy and the visuals on the
 * canvas. Browser tests wait on these instead of on fixed delays; a loaded structure with no
 * visual would be a blank picture.
 */
export function MedViewStatus({ plugin }: { plugin: PluginUIContext }) {
  const viewer = useOptionalViewer();
  const [counts, setCounts] = useState<Counts>({ structures: 0, representations: 0 });
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
      plugin.managers.structure.hierarchy.behaviors.selection.subscribe(() =>
        update({ structures: plugin.managers.structure.hierarchy.current.structures.length }),
      ),
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
      data-representations={counts.representations}
    />
  );
}
