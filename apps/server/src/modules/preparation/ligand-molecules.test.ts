import { describe, expect, it } from 'vitest';
import { ligandMolecules } from './ligand-molecules';

const mol = (name: string, z: number[]) =>
  [
    name,
    '  test',
    '',
    `${String(z.length).padStart(3)}  0  0  0  0  0  0  0  0  0999 V2000`,
    ...z.map(
      (v, i) =>
        `${(i * 1.5).toFixed(4).padStart(10)}${(i % 2).toFixed(4).padStart(10)}${v.toFixed(4).padStart(10)} C   0  0  0  0  0  0  0  0  0  0  0  0`,
    ),
    'M  END',
    '$$$$',
  ].join('\n');

describe('ligandMolecules', () => {
  it('splits an SDF into records with their titles, and tells 3D from 2D', () => {
    const text = `${mol('flat', [0, 0, 0, 0])}\n${mol('deep', [0, 0.5, -0.7, 1.2])}\n${mol('', [0, 1, 2, 3])}\n`;
    expect(ligandMolecules('sdf', text, 'lib').map((m) => [m.index, m.name, m.format, m.is3d])).toEqual([
      [1, 'flat', 'sdf', false],
      [2, 'deep', 'sdf', true],
      [3, 'lib_3', 'sdf', true],
    ]);
  });

  it('takes SMILES lines with their names (never 3D) and a PDB as one 3D molecule', () => {
    expect(ligandMolecules('smi', '# header\nCCO ethanol\nc1ccccc1\n', 'set')).toEqual([
      { index: 1, name: 'ethanol', format: 'smi', content: 'CCO\n', is3d: false, heavyAtoms: 3 },
      { index: 2, name: 'set_2', format: 'smi', content: 'c1ccccc1\n', is3d: false, heavyAtoms: 6 },
    ]);
    const pdb = 'HETATM    1  C1  LIG A   1       1.000   2.000   3.000  1.00  0.00           C\nEND\n';
    expect(ligandMolecules('pdb', pdb, 'lig')).toMatchObject([
      { index: 1, name: 'lig', format: 'pdb', is3d: true, heavyAtoms: 1 },
    ]);
    expect(ligandMolecules('pdb', 'REMARK nothing\nEND\n', 'x')).toEqual([]);
    expect(ligandMolecules('xyz', '1\n\nC 0 0 0\n', 'x')).toEqual([]);
  });
});

describe('heavy atoms of a molecule', () => {
  it('counts SDF atoms other than hydrogen, and SMILES atoms (bracketed hydrogens aside)', () => {
    const withH = mol('h', [0, 0.4, 0.8]).replace(/ C {3}0/, ' H   0');
    expect(ligandMolecules('sdf', withH, 'x')[0]!.heavyAtoms).toBe(2);
    const smiles = ligandMolecules('smi', 'OC(=O)c1ccccc1Cl acid\n[NH4+] ammonium\n[2H]C([2H])Br d\n', 'x');
    expect(smiles.map((m) => m.heavyAtoms)).toEqual([10, 1, 2]);
  });
});
