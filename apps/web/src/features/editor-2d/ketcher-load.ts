import type { Ketcher } from 'ketcher-core';

/** Ketcher's async-action event (ketcher-core KetcherAsyncEvents.FAILURE). */
const FAILURE_EVENT = 'FAILURE';

/**
 * Puts a structure (SMILES, molfile) on Ketcher's canvas, replacing what is there. Ketcher's
 * `setMolecule` never rejects: a structure Indigo cannot read is logged and reported as a
 * FAILURE on its event bus, and the canvas keeps its drawing. So the bus is what says whether
 * the structure was taken.
 */
export async function loadIntoKetcher(ketcher: Ketcher, structure: string): Promise<boolean> {
  if (structure.trim() === '') return false;
  let failed = false;
  const onFailure = () => {
    failed = true;
  };
  ketcher.eventBus.on(FAILURE_EVENT, onFailure);
  try {
    await ketcher.setMolecule(structure.trim());
  } catch {
    failed = true;
  } finally {
    ketcher.eventBus.off(FAILURE_EVENT, onFailure);
  }
  return !failed;
}

/**
 * Viewer spec §2 "The editor dearomatizes on load": Indigo writes what it loads in Kekulé form
 * (alternating single and double bonds) instead of aromatic bonds. Ketcher's own setting, set
 * once the editor exists.
 */
export function dearomatizeOnLoad(ketcher: Ketcher): void {
  ketcher.setSettings({ 'general.dearomatize-on-load': true });
}
