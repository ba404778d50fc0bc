/**
 * Small hand-made structure texts for the unit tests. PDB lines are built by a
 * helper that writes the wwPDB columns, so each fixture states its atoms plainly.
 */

export interface AtomSpec {
  record?: 'ATOM' | 'HETATM';
  serial: number;
  /** Atom name as it appears in cols 13-16 (alignment matters: ' CA ' is carbon, 'ZN  ' zinc). */
  name: string;
  altLoc?: string;
  resName: string;
  chain: string;
  resSeq: number;
  iCode?: string;
  x: number;
  y: number;
  z: number;
  element: string;
}

export function pdbAtom(a: AtomSpec): string {
  const f = (v: number) => v.toFixed(3).padStart(8);
  return (
    `${(a.record ?? 'ATOM').padEnd(6)}${String(a.serial).padStart(5)} ${a.name.padEnd(4)}${a.altLoc ?? ' '}` +
    `${a.resName.padStart(3)} ${a.chain}${String(a.resSeq).padStart(4)}${a.iCode ?? ' '}   ` +
    `${f(a.x)}${f(a.y)}${f(a.z)}${'1.00'.padStart(6)}${'20.00'.padStart(6)}          ${a.element.padStart(2)}  `
  );
}

/**
 * A two-chain complex exercising every split rule: a peptide with a selenomethionine
 * written as HETATM and bonded to the previous residue, a zinc ion, a ligand with two
 * alt-locs of one atom and a CONECT bond to the zinc, waters on both chains, a glycerol
 * on chain B, an ANISOU record, header records and a MASTER record.
 */
export const COMPLEX_PDB = [
  'HEADER    TEST COMPLEX',
  'CRYST1   50.000   50.000   50.000  90.00  90.00  90.00 P 1           1',
  pdbAtom({ serial: 1, name: ' N', resName: 'ALA', chain: 'A', resSeq: 1, x: 0, y: 0, z: 0, element: 'N' }),
  pdbAtom({ serial: 2, name: ' CA', resName: 'ALA', chain: 'A', resSeq: 1, x: 1.46, y: 0, z: 0, element: 'C' }),
  pdbAtom({ serial: 3, name: ' C', resName: 'ALA', chain: 'A', resSeq: 1, x: 2.0, y: 1.42, z: 0, element: 'C' }),
  pdbAtom({ serial: 4, name: ' O', resName: 'ALA', chain: 'A', resSeq: 1, x: 1.3, y: 2.4, z: 0, element: 'O' }),
  'ANISOU    4  O   ALA A   1     2000   2000   2000      0      0      0       O',
  // Peptide bond C(ALA 1)-N(MSE 2) of 1.33 Å: MSE is part of the chain.
  pdbAtom({
    record: 'HETATM',
    serial: 5,
    name: ' N',
    resName: 'MSE',
    chain: 'A',
    resSeq: 2,
    x: 3.33,
    y: 1.42,
    z: 0,
    element: 'N',
  }),
  pdbAtom({
    record: 'HETATM',
    serial: 6,
    name: ' CA',
    resName: 'MSE',
    chain: 'A',
    resSeq: 2,
    x: 4.0,
    y: 2.7,
    z: 0,
    element: 'C',
  }),
  pdbAtom({
    record: 'HETATM',
    serial: 7,
    name: ' C',
    resName: 'MSE',
    chain: 'A',
    resSeq: 2,
    x: 5.5,
    y: 2.6,
    z: 0,
    element: 'C',
  }),
  pdbAtom({
    record: 'HETATM',
    serial: 8,
    name: 'SE',
    resName: 'MSE',
    chain: 'A',
    resSeq: 2,
    x: 3.5,
    y: 4.5,
    z: 1,
    element: 'SE',
  }),
  'TER       9      MSE A   2',
  pdbAtom({
    record: 'HETATM',
    serial: 10,
    name: 'ZN',
    resName: 'ZN',
    chain: 'A',
    resSeq: 101,
    x: 10,
    y: 10,
    z: 10,
    element: 'ZN',
  }),
  pdbAtom({
    record: 'HETATM',
    serial: 11,
    name: ' C1',
    altLoc: 'A',
    resName: 'LIG',
    chain: 'A',
    resSeq: 201,
    x: 12,
    y: 10,
    z: 10,
    element: 'C',
  }),
  pdbAtom({
    record: 'HETATM',
    serial: 12,
    name: ' C1',
    altLoc: 'B',
    resName: 'LIG',
    chain: 'A',
    resSeq: 201,
    x: 12.2,
    y: 10.1,
    z: 10,
    element: 'C',
  }),
  pdbAtom({
    record: 'HETATM',
    serial: 13,
    name: ' O2',
    resName: 'LIG',
    chain: 'A',
    resSeq: 201,
    x: 13.4,
    y: 10,
    z: 10,
    element: 'O',
  }),
  pdbAtom({
    record: 'HETATM',
    serial: 14,
    name: ' N3',
    resName: 'LIG',
    chain: 'A',
    resSeq: 201,
    x: 11.3,
    y: 11.2,
    z: 10,
    element: 'N',
  }),
  pdbAtom({
    record: 'HETATM',
    serial: 15,
    name: ' O',
    resName: 'HOH',
    chain: 'A',
    resSeq: 301,
    x: 20,
    y: 20,
    z: 20,
    element: 'O',
  }),
  pdbAtom({
    record: 'HETATM',
    serial: 16,
    name: ' O',
    resName: 'HOH',
    chain: 'B',
    resSeq: 302,
    x: 22,
    y: 20,
    z: 20,
    element: 'O',
  }),
  pdbAtom({ serial: 17, name: ' N', resName: 'GLY', chain: 'B', resSeq: 1, x: 30, y: 0, z: 0, element: 'N' }),
  pdbAtom({ serial: 18, name: ' CA', resName: 'GLY', chain: 'B', resSeq: 1, x: 31.46, y: 0, z: 0, element: 'C' }),
  'TER      19      GLY B   1',
  pdbAtom({
    record: 'HETATM',
    serial: 20,
    name: ' C1',
    resName: 'GOL',
    chain: 'B',
    resSeq: 401,
    x: 40,
    y: 0,
    z: 0,
    element: 'C',
  }),
  pdbAtom({
    record: 'HETATM',
    serial: 21,
    name: ' O1',
    resName: 'GOL',
    chain: 'B',
    resSeq: 401,
    x: 41.4,
    y: 0,
    z: 0,
    element: 'O',
  }),
  'CONECT   11   13   14   10',
  'CONECT   12   13',
  'CONECT   13   11   12',
  'CONECT   20   21',
  'CONECT   21   20',
  'MASTER        0    0    0    0    0    0    0    0   20    2    5    0',
  'END',
  '',
].join('\n');

/** Aspirin as a 2D molfile (RDKit Compute2DCoords), with one data item. */
export const ASPIRIN_SDF = `aspirin
     RDKit          2D

 13 13  0  0  0  0  0  0  0  0999 V2000
   -3.8123   -1.2868    0.0000 C   0  0  0  0  0  0  0  0  0  0  0  0
   -2.6987   -0.2818    0.0000 C   0  0  0  0  0  0  0  0  0  0  0  0
   -3.0122    1.1850    0.0000 O   0  0  0  0  0  0  0  0  0  0  0  0
   -1.2716   -0.7438    0.0000 O   0  0  0  0  0  0  0  0  0  0  0  0
   -0.1580    0.2612    0.0000 C   0  0  0  0  0  0  0  0  0  0  0  0
   -0.4715    1.7281    0.0000 C   0  0  0  0  0  0  0  0  0  0  0  0
    0.6420    2.7330    0.0000 C   0  0  0  0  0  0  0  0  0  0  0  0
    2.0691    2.2711    0.0000 C   0  0  0  0  0  0  0  0  0  0  0  0
    2.3827    0.8043    0.0000 C   0  0  0  0  0  0  0  0  0  0  0  0
    1.2691   -0.2007    0.0000 C   0  0  0  0  0  0  0  0  0  0  0  0
    1.5826   -1.6676    0.0000 C   0  0  0  0  0  0  0  0  0  0  0  0
    3.0097   -2.1295    0.0000 O   0  0  0  0  0  0  0  0  0  0  0  0
    0.4690   -2.6725    0.0000 O   0  0  0  0  0  0  0  0  0  0  0  0
  1  2  1  0
  2  3  2  0
  2  4  1  0
  4  5  1  0
  5  6  2  0
  6  7  1  0
  7  8  2  0
  8  9  1  0
  9 10  2  0
 10 11  1  0
 11 12  2  0
 11 13  1  0
 10  5  1  0
M  END
> <source>
fixture

$$$$
`;

/** Two ethanol/methanol records for multi-record tests. */
export const TWO_RECORD_SDF = `ethanol
  test

  3  2  0  0  0  0  0  0  0  0999 V2000
    0.0000    0.0000    0.0000 C   0  0  0  0  0  0  0  0  0  0  0  0
    1.5000    0.0000    0.0000 C   0  0  0  0  0  0  0  0  0  0  0  0
    2.0000    1.4000    0.0000 O   0  0  0  0  0  0  0  0  0  0  0  0
  1  2  1  0
  2  3  1  0
M  END
> <id>
1

$$$$

  test

  2  1  0  0  0  0  0  0  0  0999 V2000
    0.0000    0.0000    0.0000 C   0  0  0  0  0  0  0  0  0  0  0  0
    1.4000    0.0000    0.0000 O   0  0  0  0  0  0  0  0  0  0  0  0
  1  2  1  0
M  END
> <id>
2

$$$$
`;

/** Methanol as MOL2 (two molecules when repeated with another name). */
export const METHANOL_MOL2 = `@<TRIPOS>MOLECULE
methanol
 2 1 1 0 0
SMALL
NO_CHARGES

@<TRIPOS>ATOM
      1 C1          0.0000    0.0000    0.0000 C.3     1  MOH1        0.0000
      2 O1          1.4000    0.0000    0.0000 O.3     1  MOH1        0.0000
@<TRIPOS>BOND
     1     1     2    1
`;

/** Water as XYZ. */
export const WATER_XYZ = `3
water
O 0.000 0.000 0.117
H 0.000 0.757 -0.467
H 0.000 -0.757 -0.467
`;

/** A minimal mmCIF with a two-atom _atom_site loop. */
export const MINI_CIF = `data_TEST
#
_entry.id TEST
#
loop_
_atom_site.group_PDB
_atom_site.id
_atom_site.type_symbol
_atom_site.label_atom_id
_atom_site.label_comp_id
_atom_site.Cartn_x
_atom_site.Cartn_y
_atom_site.Cartn_z
_atom_site.pdbx_PDB_model_num
ATOM 1 N N ALA 1.000 2.000 3.000 1
ATOM 2 C "CA" ALA 2.460 2.000 3.000 1
#
`;
