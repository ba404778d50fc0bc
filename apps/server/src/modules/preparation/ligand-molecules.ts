/**
 * The molecules of a ligand file, one record each, as prepare_ligand handles them:
 * SDF/MOL records, MOL2 molecules, SMILES lines, or a PDB/PDBQT file as a single
 * molecule. Each keeps its own name and whether it has real 3D coordinates (2D
 * molfiles and SMILES get 3D from ETKDG; 3D input keeps its pose).
 */

import { mol2Records, sdfRecords, smiLines } from '../../chem/formats';
import { hasDepth, pdbqtToPdb } from '../../chem/index';
import { ligandHeavyAtoms } from '../pockets/structure-atoms';

export interface LigandMolecule {
  /** 1-based position in the file. */
  index: number;
  name: string;
  /** Open Babel input format of `content`. */
  format: 'sdf' | 'mol2' | 'smi' | 'pdb';
  content: string;
  is3d: boolean;
}

const joinRecord = (lines: readonly string[]) => `${lines.join('\n')}\n`;

function depthOf(ext: string, content: string): boolean {
  const atoms = ligandHeavyAtoms(ext, content);
  // Up to three heavy atoms always fit a plane: trust any non-zero coordinate.
  if (atoms.length > 0 && atoms.length <= 3) return atoms.some((a) => a.x !== 0 || a.y !== 0 || a.z !== 0);
  return hasDepth(atoms.map((a) => a.z));
}

export function ligandMolecules(ext: string, text: string, base: string): LigandMolecule[] {
  const e = ext.toLowerCase();
  const fallback = (i: number) => `${base}_${i + 1}`;
  if (e === 'sdf' || e === 'mol') {
    return sdfRecords(text).map((record, i) => {
      const content = joinRecord([...record.lines, '$$$$']);
      return {
        index: i + 1,
        name: (record.lines[0] ?? '').trim() || fallback(i),
        format: 'sdf' as const,
        content,
        is3d: depthOf('sdf', content),
      };
    });
  }
  if (e === 'mol2') {
    return mol2Records(text).map((record, i) => {
      const content = joinRecord(record.lines);
      const at = record.lines.findIndex((l) => /^@<TRIPOS>MOLECULE/i.test(l.trim()));
      return {
        index: i + 1,
        name: (record.lines[at + 1] ?? '').trim() || fallback(i),
        format: 'mol2' as const,
        content,
        is3d: depthOf('mol2', content),
      };
    });
  }
  if (e === 'smi' || e === 'smiles') {
    return smiLines(text).map((entry, i) => ({
      index: i + 1,
      name: entry.name || fallback(i),
      format: 'smi' as const,
      content: `${entry.smiles}\n`,
      is3d: false,
    }));
  }
  if (e === 'pdb' || e === 'pdbqt') {
    const pdb = e === 'pdbqt' ? pdbqtToPdb(text) : text;
    if (!/^(ATOM|HETATM)/m.test(pdb)) return [];
    return [{ index: 1, name: base, format: 'pdb', content: pdb, is3d: true }];
  }
  return [];
}
