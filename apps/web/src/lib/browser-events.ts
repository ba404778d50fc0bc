import { useEffect, useRef } from 'react';

/**
 * The workspace's browser events (spec §7), dispatched on `window` as CustomEvents so that
 * windows which do not share a React tree (the viewer, tool windows, the tour) can talk.
 */
export interface BrowserEventMap {
  /** Opens the Get PDB dialog of the Entry List. */
  openGetPDBModal: undefined;
  /** Opens the Export Structure dialog of the Entry List. */
  openExportStructureModal: undefined;
  /** A structure was fetched by id and stored as an entry. */
  pdbImportSuccess: { pdbId: string; fileId: number };
  /** Quick Prepare finished for a protein or a ligand. */
  prepareSuccess: { type: string; fileId: number };
  /** A file was split into new entries. */
  splitSuccess: undefined;
  /** Med View's 2D button: show the 2D viewer (our own event; the 2D editor feature listens). */
  open2dViewer: undefined;
  /**
   * Opens Med View's Load Trajectory dialog (the viewer-trajectory feature listens), with a
   * coordinates or model file already chosen when given (the Entry List's In on an xtc).
   */
  openLoadTrajectory: { coordinatesId?: number; modelId?: number };
  /**
   * Opens the 2D interaction window (the viewer-interactions feature listens) on the ligand of
   * a file shown in Med View (the Docking Result table's 2D button: the pose file).
   */
  openInteractionDiagram: { fileId: number };
  /** Opens the 2D WorkSpace with a molecule on its canvas (TransMol's result table). */
  openIn2dEditor: { smiles: string };
  /**
   * Opens the Docking wizard with these ligand files chosen (the docking feature listens):
   * TransMol Result's Dock selected, with the prepared file of the chosen molecules.
   */
  openDockingWizard: { ligandIds: number[] };
}

export type BrowserEventName = keyof BrowserEventMap;

type DetailArgs<K extends BrowserEventName> = BrowserEventMap[K] extends undefined ? [] : [detail: BrowserEventMap[K]];

export function dispatchBrowserEvent<K extends BrowserEventName>(name: K, ...detail: DetailArgs<K>): void {
  window.dispatchEvent(new CustomEvent(name, { detail: detail[0] }));
}

/** Listens to one event; returns the function that stops listening. */
export function onBrowserEvent<K extends BrowserEventName>(
  name: K,
  handler: (detail: BrowserEventMap[K]) => void,
): () => void {
  const listener = (event: Event) => handler((event as CustomEvent<BrowserEventMap[K]>).detail);
  window.addEventListener(name, listener);
  return () => window.removeEventListener(name, listener);
}

/** `onBrowserEvent` for components: always calls the latest handler, listens while mounted. */
export function useBrowserEvent<K extends BrowserEventName>(name: K, handler: (detail: BrowserEventMap[K]) => void) {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => onBrowserEvent(name, (detail) => latest.current(detail)), [name]);
}
