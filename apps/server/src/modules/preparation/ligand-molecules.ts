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
  /** Heavy atoms (for SMILES: atoms written in the string, bracketed hydrogens excepted). */
  heavyAtoms: number;
}

/**
 * More heavy atoms than a ligand preparation handles: such a "ligand" is a protein or a
 * whole complex (a receptor file chosen by mistake), which RDKit's force field would
 * grind on for many minutes. 250 keeps peptides of about 30 residues and macrocycles.
 */
export const LIGAND_MAX_HEAVY_ATOMS = 250;

const SMILES_ATOM = /\[[^\]]*\]|Cl|Br|[BCNOPSFI]|[bcnops]/g;

function smilesHeavyAtoms(smiles: string): number {
  return (smiles.match(SMILES_ATOM) ?? []).filter((atom) => !/^\[\d*H[+-]?\d*\]$/.test(atom)).length;
}

const joinRecord = (lines: readonly string[]) => `${lines.join('\n')}\n`;

function shape(ext: string, content: string): { is3d: boolean; heavyAtoms: number } {
  const atoms = ligandHeavyAtoms(ext, content);
  // Up to three heavy atoms always fit a plane: trust any non-zero coordinate.
  const is3d =
    atoms.length > 0 && atoms.length <= 3
      ? atoms.some((a) => a.x !== 0 || a.y !== 0 || a.z !== 0)
      : hasDepth(atoms.map((a) => a.z));
  return { is3d, heavyAtoms: atoms.length };
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
        ...shape('sdf', content),
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
        ...shape('mol2', content),
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
      heavyAtoms: smilesHeavyAtoms(entry.smiles),
    }));
  }
  if (e === 'pdb' || e === 'pdbqt') {
    const pdb = e === 'pdbqt' ? pdbqtToPdb(text) : text;
    if (!/^(ATOM|HETATM)/m.test(pdb)) return [];
    return [
      {
        index: 1,
        name: base,
        format: 'pdb',
        content: pdb,
        is3d: true,
        heavyAtoms: ligandHeavyAtoms('pdb', pdb).length,
      },
    ];
  }
  return [];
}
