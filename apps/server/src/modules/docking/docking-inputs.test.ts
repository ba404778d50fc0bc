import { describe, expect, it } from 'vitest';
import { is3d, ligandMolecules } from './ligand-input';
import { vinaError, vinaScores } from './vina-output';

describe('ligand molecules', () => {
  const record = (title: string, z: string) =>
    `${title}\n  test\n\n  2  1  0  0  0  0  0  0  0  0999 V2000\n    0.0000    0.0000    ${z} C   0  0\n    1.5000    0.0000    0.0000 O   0  0\n  1  2  1  0\nM  END\n$$$$\n`;

  it('splits a multi-molecule SDF, naming each by its title or the file and position', () => {
    const molecules = ligandMolecules('set.sdf', 'sdf', record('first', '1.0000') + record('', '1.0000'));
    expect(molecules.map((m) => m.name)).toEqual(['first', 'set_2']);
  });

  it('tells flat molecules from 3D ones', () => {
    const four = (z: string) =>
      `m\n\n\n  4  3  0  0  0  0  0  0  0  0999 V2000\n${[0, 1, 2, 3].map((i) => `    ${i}.0000    ${i % 2}.0000    ${i === 3 ? z : '0.0000'} C   0  0`).join('\n')}\n  1  2  1  0\n  2  3  1  0\n  3  4  1  0\nM  END\n$$$$\n`;
    expect(is3d(ligandMolecules('f.sdf', 'sdf', four('0.0000'))[0]!)).toBe(false);
    expect(is3d(ligandMolecules('f.sdf', 'sdf', four('1.2000'))[0]!)).toBe(true);
  });
});

describe('vina output', () => {
  it('reads the scores of every model and the error lines', () => {
    const out =
      'MODEL 1\nREMARK VINA RESULT:    -6.823      0.000      0.000\nENDMDL\nMODEL 2\nREMARK VINA RESULT:    -5.1      1.2      2.0\nENDMDL\n';
    expect(vinaScores(out)).toEqual([-6.823, -5.1]);
    expect(vinaError('banner\n\nPDBQT parsing error: Atom type Xx is not a valid AutoDock type\n > ATOM')).toBe(
      'PDBQT parsing error: Atom type Xx is not a valid AutoDock type',
    );
  });
});
