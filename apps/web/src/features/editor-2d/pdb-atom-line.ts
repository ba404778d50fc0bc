/** One atom as the preview writes it for the server (Mol*'s atoms of one ligand). */
export interface PdbAtom {
  serial: number;
  name: string;
  resName: string;
  chain: string;
  seq: number;
  insCode: string;
  x: number;
  y: number;
  z: number;
  element: string;
}

/**
 * A HETATM record in PDB's fixed columns. Atom names shorter than four characters start in
 * column 14 (the convention readers rely on to tell "CA" calcium from "CA" alpha carbon); the
 * element symbol sits in columns 77-78, which Open Babel reads first.
 */
export function pdbAtomLine(a: PdbAtom): string {
  const name = a.name.length >= 4 ? a.name.slice(0, 4) : ` ${a.name.padEnd(3)}`;
  const coord = (v: number) => v.toFixed(3).padStart(8);
  return [
    'HETATM',
    String(a.serial % 100000).padStart(5),
    ' ',
    name,
    ' ',
    a.resName.slice(0, 3).padStart(3),
    ' ',
    (a.chain || ' ').slice(0, 1),
    String(a.seq).slice(-4).padStart(4),
    (a.insCode || ' ').slice(0, 1),
    '   ',
    coord(a.x),
    coord(a.y),
    coord(a.z),
    '  1.00',
    '  0.00',
    '          ',
    a.element.toUpperCase().slice(0, 2).padStart(2),
  ].join('');
}
