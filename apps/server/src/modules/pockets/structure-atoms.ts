/**
 * Atoms with coordinates from the structure files pockets are computed on: proteins
 * (PDB, PDBQT, mmCIF) and ligands (SDF, MOL2, PDB, PDBQT). PDB columns are read by
 * the chem layer's fixed-column parser; SDF and MOL2 atom blocks are read here, as
 * their formats define them, so the ligand box is exactly the file's coordinates.
 */

import { mol2Records, sdfRecords } from '../../chem/formats';
import { firstModel, pdbqtToPdb } from '../../chem/index';
import { isHydrogen, parseAtomLine } from '../../chem/pdb-records';
import { WATER_RESIDUES } from '../../chem/residues';

export interface Point3 {
  x: number;
  y: number;
  z: number;
}

export interface ResidueAtom extends Point3 {
  element: string;
  name: string;
  resName: string;
  chain: string;
  resSeq: number;
  iCode: string;
  hetero: boolean;
}

/** Atom records of the first model, alt-locs other than the first dropped. */
export function pdbAtoms(text: string): ResidueAtom[] {
  const atoms: ResidueAtom[] = [];
  for (const [i, line] of firstModel(text).split(/\r?\n/).entries()) {
    if (!line.startsWith('ATOM') && !line.startsWith('HETATM')) continue;
    const atom = parseAtomLine(line, i);
    if (!atom) continue;
    if (atom.altLoc !== '' && atom.altLoc !== 'A' && atom.altLoc !== '1') continue;
    atoms.push({
      x: atom.x,
      y: atom.y,
      z: atom.z,
      element: atom.element,
      name: atom.name.trim(),
      resName: atom.resName,
      chain: atom.chain,
      resSeq: atom.resSeq,
      iCode: atom.iCode,
      hetero: atom.hetero,
    });
  }
  return atoms;
}

/** Heavy atoms of a receptor that shape its surface: everything but hydrogens and waters. */
export function receptorHeavyAtoms(atoms: readonly ResidueAtom[]): ResidueAtom[] {
  return atoms.filter((a) => !isHydrogen(a.element) && !WATER_RESIDUES.has(a.resName));
}

function sdfHeavyAtoms(text: string): Point3[] {
  const out: Point3[] = [];
  for (const record of sdfRecords(text)) {
    const counts = record.lines[3] ?? '';
    if (/V3000/i.test(counts)) {
      // M  V30 <index> <type> <x> <y> <z> ... between BEGIN ATOM and END ATOM.
      let inAtoms = false;
      for (const line of record.lines) {
        const t = line.trim();
        if (/^M\s+V30\s+BEGIN ATOM/i.test(t)) inAtoms = true;
        else if (/^M\s+V30\s+END ATOM/i.test(t)) inAtoms = false;
        else if (inAtoms) {
          const f = t.split(/\s+/);
          const element = (f[3] ?? '').toUpperCase();
          if (!isHydrogen(element)) out.push({ x: Number(f[4]), y: Number(f[5]), z: Number(f[6]) });
        }
      }
      continue;
    }
    const n = Number.parseInt(counts.slice(0, 3), 10) || 0;
    for (const line of record.lines.slice(4, 4 + n)) {
      const element = line.slice(31, 34).trim().toUpperCase();
      if (isHydrogen(element)) continue;
      out.push({ x: Number(line.slice(0, 10)), y: Number(line.slice(10, 20)), z: Number(line.slice(20, 30)) });
    }
  }
  return out;
}

function mol2HeavyAtoms(text: string): Point3[] {
  const out: Point3[] = [];
  for (const record of mol2Records(text)) {
    let inAtoms = false;
    for (const line of record.lines) {
      const t = line.trim();
      if (t.startsWith('@<TRIPOS>')) {
        inAtoms = /^@<TRIPOS>ATOM/i.test(t);
        continue;
      }
      if (!inAtoms || t === '') continue;
      // id name x y z type ...; the element is the SYBYL type before its dot.
      const f = t.split(/\s+/);
      const element = (f[5] ?? f[1] ?? '').split('.')[0]!.toUpperCase();
      if (isHydrogen(element)) continue;
      out.push({ x: Number(f[2]), y: Number(f[3]), z: Number(f[4]) });
    }
  }
  return out;
}

/** Heavy-atom coordinates of a ligand file (every molecule in it); non-finite values are dropped. */
export function ligandHeavyAtoms(ext: string, text: string): Point3[] {
  const e = ext.toLowerCase();
  let points: Point3[];
  if (e === 'sdf' || e === 'mol') points = sdfHeavyAtoms(text);
  else if (e === 'mol2') points = mol2HeavyAtoms(text);
  else if (e === 'pdb' || e === 'pdbqt') {
    points = pdbAtoms(e === 'pdbqt' ? pdbqtToPdb(text) : text).filter(
      (a) => !isHydrogen(a.element) && !WATER_RESIDUES.has(a.resName),
    );
  } else return [];
  return points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y) && Number.isFinite(p.z));
}
