/**
 * Entry of a structure worker thread (see offload.ts): reading, validating and splitting
 * structure files, which is seconds of parsing for a large PDB and must not run on the
 * server's event loop. A ChemistryError is an answer (the input is wrong), not a crash.
 */
import { serveTasks } from '../lib/worker-host';
import { ChemistryError } from './errors';
import { validateStructure } from './formats';
import { splitMultiMolecule } from './multi-split';
import { splitChains, splitPdb } from './pdb-split';
import { pdbqtToPdb } from './pdbqt';
import { assembleReceptorPdbqt, cleanReceptor, countPolymerAtoms } from './receptor';

export interface ChemistryFailure {
  chemistryError: { code: ChemistryError['code']; detail: string; params: Record<string, number> };
}

function answering<A extends unknown[], R>(task: (...args: A) => R | Promise<R>) {
  return async (...args: A): Promise<R | ChemistryFailure> => {
    try {
      return await task(...args);
    } catch (error) {
      if (!(error instanceof ChemistryError)) throw error;
      return { chemistryError: { code: error.code, detail: error.detail, params: error.params } };
    }
  };
}

serveTasks({
  validateStructure: answering(validateStructure),
  splitPdb: answering(splitPdb),
  splitChains: answering(splitChains),
  splitMultiMolecule: answering(splitMultiMolecule),
  cleanReceptor: answering(cleanReceptor),
  countPolymerAtoms: answering(countPolymerAtoms),
  assembleReceptorPdbqt: answering(assembleReceptorPdbqt),
  pdbqtToPdb: answering(pdbqtToPdb),
});
