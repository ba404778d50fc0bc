import type { DockingPocket } from '@medx/contract';
import type { PluginUIContext } from 'molstar/lib/mol-plugin-ui/context';
import { useEffect, useRef, useState } from 'react';
import { useViewerPlugin } from '../../viewer/ViewerProvider';

// Mol* code loads with the viewer's chunk, not with the wizard.
const loadBoxModule = () => import('./docking-box-molstar');

/** What Med View shows of the box, for the step's status attributes (browser tests wait on them). */
export interface DockingBoxStatus {
  /** Tagged docking-box cells in Mol*'s state: 4 when drawn (two shapes, two visuals), 0 when not. */
  cells: number;
  /** The drawn edges' bounding sphere as "x y z r" (2 decimals), '' when nothing is drawn. */
  drawn: string;
}

/**
 * Applies pocket changes to Med View one at a time, always ending on the newest value: typing
 * fires a change per keystroke, and Mol* state commits must not overlap.
 */
class BoxSync {
  private wanted: DockingPocket | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly plugin: PluginUIContext,
    private readonly report: (status: DockingBoxStatus) => void,
  ) {}

  set(pocket: DockingPocket | null): Promise<void> {
    this.wanted = pocket;
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async drain(): Promise<void> {
    const box = await loadBoxModule();
    let applied: DockingPocket | null | undefined;
    while (applied !== this.wanted) {
      applied = this.wanted;
      try {
        await box.syncDockingBox(this.plugin, applied);
      } catch (error) {
        // A failed drawing must not break the wizard: the numbers stay the source of truth.
        console.warn('docking box', error);
      }
    }
    const sphere = box.drawnDockingBoxSphere(this.plugin);
    const drawn = sphere ? [...sphere.center, sphere.radius].map((v) => v.toFixed(2)).join(' ') : '';
    this.report({ cells: box.dockingBoxCellCount(this.plugin), drawn });
  }
}

/**
 * Draws `pocket` as the docking box in the workspace's Med View while the calling component is
 * mounted (the wizard's pocket step), following every change, and removes it on unmount
 * (leaving the step, closing the window) or when the pocket is cleared. Does nothing without Med View.
 */
export function useDockingBox(pocket: DockingPocket): DockingBoxStatus {
  const plugin = useViewerPlugin();
  const [status, setStatus] = useState<DockingBoxStatus>({ cells: 0, drawn: '' });
  const sync = useRef<BoxSync | null>(null);
  const latest = useRef(pocket);
  latest.current = pocket;

  useEffect(() => {
    if (!plugin) return;
    let mounted = true;
    const current = new BoxSync(plugin, (next) => {
      if (mounted) setStatus(next);
    });
    sync.current = current;
    // Med View may start after the step: draw what the step already holds.
    void current.set(latest.current);
    return () => {
      mounted = false;
      sync.current = null;
      void current.set(null);
    };
  }, [plugin]);

  useEffect(() => {
    void sync.current?.set(pocket);
  }, [pocket]);

  return status;
}
