/**
 * The workspace's windows (spec §2). Five panes of the tiled layout; the right-top-right pane
 * (`slot`) shows one of the slot windows, loaded on demand.
 */
export const PANE_IDS = ['entryList', 'structureViewer', 'medView', 'sequenceViewer', 'slot'] as const;
export type PaneId = (typeof PANE_IDS)[number];

export const SLOT_WINDOW_IDS = [
  'transMol',
  'transMolResult',
  'docking',
  'tool',
  'workflow',
  'jobResult',
  'dockingResult',
  'workspace2d',
] as const;
export type SlotWindowId = (typeof SLOT_WINDOW_IDS)[number];

/** Every window a user can see: the fixed panes plus the slot windows. */
export type WindowId = Exclude<PaneId, 'slot'> | SlotWindowId;

export const isPaneId = (value: unknown): value is PaneId => PANE_IDS.includes(value as PaneId);
export const isSlotWindowId = (value: unknown): value is SlotWindowId =>
  SLOT_WINDOW_IDS.includes(value as SlotWindowId);

/** Translation key (namespace `workspace`) of a window's title. */
export const windowTitleKey = (id: WindowId) => `windows.${id}` as const;
