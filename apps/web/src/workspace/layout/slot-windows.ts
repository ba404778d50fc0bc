import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { SlotWindowId } from './windows';

type SlotWindow = LazyExoticComponent<ComponentType<{ id: SlotWindowId }>>;

const shell: SlotWindow = lazy(() => import('./SlotWindowShell').then((m) => ({ default: m.SlotWindowShell })));
const docking: SlotWindow = lazy(() =>
  import('../../docking/DockingWindow').then((m) => ({ default: m.DockingWindow })),
);
const dockingResult: SlotWindow = lazy(() =>
  import('../../docking/DockingResultWindow').then((m) => ({ default: m.DockingResultWindow })),
);

/**
 * The right-top-right windows, each loaded on demand (spec §2). All show the empty shell for now;
 * a window that gets its content points its entry at its own lazily imported module.
 */
export const SLOT_WINDOWS: Record<SlotWindowId, SlotWindow> = {
  transMol: shell,
  transMolResult: shell,
  docking,
  tool: shell,
  workflow: shell,
  jobResult: shell,
  dockingResult,
  workspace2d: shell,
};
