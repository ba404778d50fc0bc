/**
 * One reader per format behind one result type (readers/result.ts):
 *   pdb.ts    PDB: models, residues, MODRES/LINK/CONECT evidence
 *   pdbqt.ts  PDBQT: the PDB reader with elements from AutoDock types
 *   sdf.ts    SDF/MOL (V2000 and V3000)
 *   mol2.ts   MOL2
 *   smiles.ts SMILES (RDKit parses each line)
 *   xyz.ts    XYZ
 *   cif.ts    the _atom_site loop of mmCIF and small-molecule CIF
 */
import type { StructureExt } from '../formats';
import { readCif } from './cif';
import { readMol2 } from './mol2';
import { readPdb } from './pdb';
import { readPdbqt } from './pdbqt';
import type { ReadResult } from './result';
import { readSdf } from './sdf';
import { readSmiles } from './smiles';
import { readXyz } from './xyz';

export type { Atom, ReadError, ReadProblem, ReadResult, StructureRecord } from './result';

/** Reads a file of any structure format (text already decoded). */
export async function readStructure(format: StructureExt, text: string): Promise<ReadResult> {
  switch (format) {
    case 'pdb':
      return readPdb(text);
    case 'pdbqt':
      return readPdbqt(text);
    case 'sdf':
      return readSdf(text);
    case 'mol2':
      return readMol2(text);
    case 'smi':
      return readSmiles(text);
    case 'xyz':
      return readXyz(text);
    case 'cif':
      return readCif(text);
  }
}
