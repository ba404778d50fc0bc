/**
 * A molecule another window asked the 2D WorkSpace to show (browser event openIn2dEditor, e.g.
 * from TransMol's result table). The event usually arrives before the window is open and
 * Ketcher is ready, so it is kept here until the editor takes it.
 */
let pending: string | null = null;
const listeners = new Set<() => void>();

export function requestMolecule(smiles: string): void {
  pending = smiles;
  for (const listener of listeners) listener();
}

/** The molecule waiting to be shown, once: taking it clears it. */
export function takePendingMolecule(): string | null {
  const smiles = pending;
  pending = null;
  return smiles;
}

/** Calls `listener` at each new request; returns the function that stops listening. */
export function onMoleculeRequest(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
