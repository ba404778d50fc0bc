/** Entry of an RDKit worker thread (see rdkit.ts): the MinimalLib calls, served to the pool. */
import { serveTasks } from '../lib/worker-host';
import {
  canonicalSmiles,
  canonicalSmilesOfPerceived,
  checkSmiles,
  connectivitySmiles,
  depiction,
  getRDKit,
  layout2d,
  sameMolecule,
} from './rdkit-mol';

serveTasks({
  canonicalSmiles,
  canonicalSmilesOfPerceived,
  checkSmiles,
  connectivitySmiles,
  depiction,
  layout2d,
  sameMolecule,
  version: async () => (await getRDKit()).version(),
});
