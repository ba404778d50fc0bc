import { describe, expect, it } from 'vitest';
import { pdbqtToPdb } from './pdbqt';

const PDBQT = `MODEL 1
REMARK VINA RESULT:    -7.1      0.000      0.000
ROOT
ATOM      1  C   UNL     1      -3.589   3.293  30.616  0.00  0.00    +0.000 A 
ATOM      2  N   UNL     1      -2.149   1.793  29.571  0.00  0.00    -0.300 NA
ATOM      3  O   UNL     1      -0.820   0.470  30.761  0.00  0.00    -0.270 OA
ATOM      4  H   UNL     1      -1.786   1.400  28.745  0.00  0.00    +0.150 HD
ATOM      5 CL   UNL     1      -4.802   4.529  30.601  0.00  0.00    +0.000 Cl
ATOM      6  G0  UNL     1      -4.000   4.000  30.000  0.00  0.00    +0.000 G0
ATOM      7  C   UNL     1      -4.500   3.900  30.100  0.00  0.00    +0.000 CG0
ENDROOT
TORSDOF 0
ENDMDL
`;

describe('pdbqtToPdb', () => {
  it('maps AutoDock types to elements, drops hydrogens, glue atoms and the torsion tree', () => {
    const lines = pdbqtToPdb(PDBQT).trimEnd().split('\n');
    expect(lines[0]).toBe('MODEL 1');
    expect(lines.at(-1)).toBe('ENDMDL');
    const atoms = lines.filter((l) => l.startsWith('ATOM'));
    expect(atoms.map((l) => l.slice(76, 78))).toEqual([' C', ' N', ' O', 'CL', ' C']);
    expect(atoms[0]).toBe('ATOM      1  C   UNL     1      -3.589   3.293  30.616  0.00  0.00           C');
    expect(lines.some((l) => /^(ROOT|ENDROOT|TORSDOF|REMARK)/.test(l))).toBe(false);
  });

  it('keeps hydrogens when asked', () => {
    const atoms = pdbqtToPdb(PDBQT, { keepHydrogens: true })
      .split('\n')
      .filter((l) => l.startsWith('ATOM'));
    expect(atoms.map((l) => l.slice(76, 78).trim())).toEqual(['C', 'N', 'O', 'H', 'CL', 'C']);
  });
});
