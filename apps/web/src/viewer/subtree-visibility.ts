import type { State } from 'molstar/lib/mol-state';

/**
 * Hiding and showing a subtree of Mol*'s state tree without losing what was hidden inside it.
 * Mol*'s own toggle sets every cell of the subtree alike, so showing a file again would also
 * show parts its preset keeps hidden (the unit cell box, drawn as long lines through the
 * scene). Here a hide remembers the cells that were hidden already and a show leaves them be.
 */
const hiddenBefore = new WeakMap<State, Map<string, Set<string>>>();

function memory(state: State): Map<string, Set<string>> {
  let map = hiddenBefore.get(state);
  if (!map) {
    map = new Map();
    hiddenBefore.set(state, map);
  }
  return map;
}

function subtree(state: State, ref: string): string[] {
  return state.selectQ((q) => q.byRef(ref).subtree()).map((cell) => cell.transform.ref);
}

export function setSubtreeHidden(state: State, ref: string, hidden: boolean): void {
  const refs = subtree(state, ref);
  const remembered = memory(state);
  if (hidden) {
    // A second hide of an already hidden subtree keeps the first record.
    if (!state.cells.get(ref)?.state.isHidden) {
      remembered.set(ref, new Set(refs.filter((r) => r !== ref && state.cells.get(r)?.state.isHidden)));
    }
    for (const r of refs) state.updateCellState(r, { isHidden: true });
    return;
  }
  const keep = remembered.get(ref) ?? defaultHidden(state, refs);
  remembered.delete(ref);
  for (const r of refs) state.updateCellState(r, { isHidden: keep.has(r) });
}

/**
 * Without a record (hidden by someone else, or before a reload): the cells a preset creates
 * hidden, i.e. the unit cell representation.
 */
function defaultHidden(state: State, refs: readonly string[]): Set<string> {
  return new Set(refs.filter((r) => state.cells.get(r)?.transform.transformer.id.endsWith('model-unitcell-3d')));
}
