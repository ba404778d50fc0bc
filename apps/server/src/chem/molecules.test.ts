import { describe, expect, it } from 'vitest';
import { splitMolecules } from './molecules';

const mol = (name: string, z: number[], element = 'C') =>
  [
    name,
    '  test',
    '',
    `${String(z.length).padStart(3)}  0  0  0  0  0  0  0  0  0999 V2000`,
    ...z.map(
      (v, i) =>
        `${(i * 1.5).toFixed(4).padStart(10)}${(i % 2).toFixed(4).padStart(10)}${v.toFixed(4).padStart(10)} ${element}   0  0  0  0  0  0  0  0  0  0  0  0`,
    ),
    'M  END',
    '$$$$',
  ].join('\n');

describe('splitMolecules', () => {
  it('splits an SDF into records named by title, else by the file and position, and tells 3D from 2D', async () => {
    const text = `${mol('flat', [0, 0, 0, 0])}\n${mol('deep', [0, 0.5, -0.7, 1.2])}\n${mol('', [0, 1, 2, 3])}\n`;
    const { molecules, errors } = await splitMolecules('sdf', text, 'lib');
    expect(errors).toEqual([]);
    expect(molecules.map((m) => [m.index, m.name, m.format, m.is3d, m.heavyAtoms])).toEqual([
      [1, 'flat', 'sdf', false, 4],
      [2, 'deep', 'sdf', true, 4],
      [3, 'lib_3', 'sdf', true, 4],
    ]);
    expect(molecules[1]!.content).toBe(`${mol('deep', [0, 0.5, -0.7, 1.2])}\n`);
  });

  it('names a single untitled molecule after the file; up to 3 atoms are 3D when any is off z = 0', async () => {
    const [one] = (await splitMolecules('mol', mol('', [0, 0, 0.8]), 'x')).molecules;
    expect(one).toMatchObject({ name: 'x', title: '', format: 'sdf', is3d: true, heavyAtoms: 3 });
    expect((await splitMolecules('sdf', mol('', [0, 0, 0]), 'x')).molecules[0]!.is3d).toBe(false);
  });

  it('counts heavy atoms: SDF atoms other than H, SMILES atoms by RDKit (deuterium is hydrogen)', async () => {
    expect((await splitMolecules('sdf', mol('h', [0, 0.4, 0.8], 'H'), 'x')).molecules[0]!.heavyAtoms).toBe(0);
    const { molecules } = await splitMolecules('smi', 'OC(=O)c1ccccc1Cl acid\n[NH4+] ammonium\n[2H]C([2H])Br d\n', 'x');
    expect(molecules.map((m) => [m.name, m.heavyAtoms, m.is3d])).toEqual([
      ['acid', 10, false],
      ['ammonium', 1, false],
      ['d', 2, false],
    ]);
  });

  it('takes SMILES lines with their names, and names the rest after the file', async () => {
    const { molecules } = await splitMolecules('smi', '# header\nCCO ethanol\nc1ccccc1\n', 'set');
    expect(molecules.map((m) => [m.index, m.name, m.content])).toEqual([
      [1, 'ethanol', 'CCO ethanol\n'],
      [2, 'set_2', 'c1ccccc1\n'],
    ]);
  });

  it('takes a PDB or PDBQT as one molecule: its first model, without MODEL records, waters or other alt-locs', async () => {
    const atom = (serial: number, name: string, alt: string, res: string, z: number) =>
      `HETATM${String(serial).padStart(5)} ${name.padEnd(4)}${alt}${res} A   1       1.000   2.000${z.toFixed(3).padStart(8)}  1.00  0.00           ${name.trim()[0]}`;
    const pdb = [
      'MODEL        1',
      atom(1, ' C1', 'A', 'LIG', 3),
      atom(2, ' C1', 'B', 'LIG', 3.2),
      atom(3, ' O', ' ', 'HOH', 9),
      'ENDMDL',
      'MODEL        2',
      atom(1, ' C1', ' ', 'LIG', 5),
      'ENDMDL',
      '',
    ].join('\n');
    const { molecules } = await splitMolecules('pdb', pdb, 'lig');
    expect(molecules).toHaveLength(1);
    expect(molecules[0]).toMatchObject({ name: 'lig', format: 'pdb', heavyAtoms: 1, is3d: true });
    expect(molecules[0]!.content).toBe(
      `${atom(1, ' C1', 'A', 'LIG', 3)}\n${atom(2, ' C1', 'B', 'LIG', 3.2)}\n${atom(3, ' O', ' ', 'HOH', 9)}\n`,
    );
    expect((await splitMolecules('pdb', 'REMARK nothing\nEND\n', 'x')).molecules).toEqual([]);
  });

  it('gives no molecule for formats that are not ligand files, and the reader’s errors for broken ones', async () => {
    expect(await splitMolecules('xyz', '1\n\nC 0 0 0\n', 'x')).toEqual({ molecules: [], errors: [] });
    const { errors } = await splitMolecules('sdf', mol('cut', [0, 1, 2, 3]).split('\n').slice(0, 6).join('\n'), 'x');
    expect(errors[0]).toMatchObject({ reason: 'truncated' });
  });
});
