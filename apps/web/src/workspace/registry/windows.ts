/**
 * The workspace's windows (spec §2). Five panes of the tiled layout: four fixed places whose
 * content a feature registers (`place: 'pane'`), and the right-top-right `slot`, which shows one
 * of the registered slot windows at a time.
 */
export const PANE_IDS = ['entryList', 'structureViewer', 'medView', 'sequenceViewer', 'slot'] as const;
export type PaneId = (typeof PANE_IDS)[number];

/** A window's id: a fixed pane's id, or a registered slot window's id (see feature.ts). */
export type WindowId = string;

export const isPaneId = (value: unknown): value is PaneId => PANE_IDS.includes(value as PaneId);
