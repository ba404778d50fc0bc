/**
 * Entry of a cavity-detection worker thread (see pockets.service.ts): reading the receptor's
 * atoms and the grid work, off the event loop (reading 7CNQ's atoms alone held it for 53 ms
 * per detection under bench:api).
 */
import { serveTasks } from '../../lib/worker-host';
import { type Cavity, detectCavities, gridExtent, MAX_GRID_POINTS } from './cavity';
import { cavityAtoms } from './pocket-geometry';
import { pdbAtoms, receptorHeavyAtoms } from './structure-atoms';

/** What a search found, or why it could not run: an answer, never a throw (a throw discards the worker). */
export type CavitySearch =
  | { kind: 'found'; cavities: Cavity[] }
  | { kind: 'unreadable'; detail: string }
  | { kind: 'notProtein' }
  | { kind: 'gridTooLarge'; span: [number, number, number] };

export function searchCavities(pdb: string, max: number): CavitySearch {
  let atoms: ReturnType<typeof cavityAtoms>;
  try {
    atoms = cavityAtoms(receptorHeavyAtoms(pdbAtoms(pdb)));
  } catch (error) {
    return { kind: 'unreadable', detail: error instanceof Error ? error.message : String(error) };
  }
  if (atoms.length === 0) return { kind: 'notProtein' };
  const grid = gridExtent(atoms);
  if (grid.points > MAX_GRID_POINTS) return { kind: 'gridTooLarge', span: grid.span };
  return { kind: 'found', cavities: detectCavities(atoms, { max }) };
}

serveTasks({ searchCavities });
