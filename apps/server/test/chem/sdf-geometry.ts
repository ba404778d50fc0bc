/** Reading V2000 SDF coordinates and bonds, and judging bond lengths, for the 3D tests. */

export interface SdfAtom {
  element: string;
  x: number;
  y: number;
  z: number;
}

export interface SdfMolecule {
  atoms: SdfAtom[];
  bonds: { a: number; b: number; order: number }[];
}

export function parseSdf(text: string): SdfMolecule[] {
  const records: string[][] = [[]];
  for (const line of text.split('\n')) {
    if (line.trim() === '$$$$') records.push([]);
    else records[records.length - 1]!.push(line);
  }
  return records
    .filter((lines) => lines.length >= 4)
    .map((lines) => {
      const atomCount = Number(lines[3]!.slice(0, 3));
      const bondCount = Number(lines[3]!.slice(3, 6));
      const atoms = lines.slice(4, 4 + atomCount).map((l) => ({
        element: l.slice(31, 34).trim(),
        x: Number(l.slice(0, 10)),
        y: Number(l.slice(10, 20)),
        z: Number(l.slice(20, 30)),
      }));
      const bonds = lines.slice(4 + atomCount, 4 + atomCount + bondCount).map((l) => ({
        a: Number(l.slice(0, 3)) - 1,
        b: Number(l.slice(3, 6)) - 1,
        order: Number(l.slice(6, 9)),
      }));
      return { atoms, bonds };
    });
}

// Typical bond lengths (Å) by element pair and bond order (1, 2, 3; 4 = aromatic),
// from standard organic crystal-structure averages. A kekulé aromatic bond written
// as 1 or 2 (1.39-1.40 Å) is within 0.25 Å of either value, as it should be.
const TYPICAL: Record<string, Partial<Record<number, number>>> = {
  'C-C': { 1: 1.54, 2: 1.34, 3: 1.2, 4: 1.4 },
  'C-N': { 1: 1.47, 2: 1.28, 3: 1.16, 4: 1.34 },
  'C-O': { 1: 1.43, 2: 1.23, 4: 1.36 },
  'C-S': { 1: 1.82, 2: 1.67, 4: 1.72 },
  'C-F': { 1: 1.35 },
  'C-Cl': { 1: 1.77 },
  'C-Br': { 1: 1.94 },
  'C-H': { 1: 1.09 },
  'N-N': { 1: 1.45, 2: 1.25, 4: 1.35 },
  'N-O': { 1: 1.4, 2: 1.21 },
  'H-N': { 1: 1.01 },
  'H-O': { 1: 0.96 },
  'H-S': { 1: 1.34 },
  'O-S': { 1: 1.57, 2: 1.45 },
};

export const distance = (p: SdfAtom, q: SdfAtom) => Math.hypot(p.x - q.x, p.y - q.y, p.z - q.z);

/** Bonds further than `tolerance` from the typical length of their pair and order (or of unknown type). */
export function badBonds(molecule: SdfMolecule, tolerance = 0.25): string[] {
  const bad: string[] = [];
  for (const bond of molecule.bonds) {
    const p = molecule.atoms[bond.a]!;
    const q = molecule.atoms[bond.b]!;
    const pair = [p.element, q.element].sort().join('-');
    const typical = TYPICAL[pair]?.[bond.order];
    const d = distance(p, q);
    if (typical === undefined) bad.push(`${pair} order ${bond.order}: no typical length known (${d.toFixed(2)} Å)`);
    else if (Math.abs(d - typical) > tolerance)
      bad.push(`${pair} order ${bond.order}: ${d.toFixed(2)} Å vs ${typical} Å`);
  }
  return bad;
}
