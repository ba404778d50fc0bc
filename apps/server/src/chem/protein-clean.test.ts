import { describe, expect, it } from 'vitest';
import { cleanProtein, mergeHydrogens, summarizePdb } from './protein-clean';

const atom = (
  record: 'ATOM' | 'HETATM',
  serial: number,
  name: string,
  alt: string,
  res: string,
  chain: string,
  seq: number,
  [x, y, z]: [number, number, number],
  element: string,
) =>
  `${record.padEnd(6)}${String(serial).padStart(5)} ${name.padEnd(4)}${alt}${res.padStart(3)} ${chain}${String(seq).padStart(4)}    ` +
  `${x.toFixed(3).padStart(8)}${y.toFixed(3).padStart(8)}${z.toFixed(3).padStart(8)}  1.00  0.00          ${element.padStart(2)}`;

const PDB = [
  'HEADER    TEST',
  atom('ATOM', 1, ' N', ' ', 'GLY', 'A', 1, [0, 0, 0], 'N'),
  atom('ATOM', 2, ' CA', ' ', 'GLY', 'A', 1, [1.45, 0, 0], 'C'),
  atom('ATOM', 3, ' H', ' ', 'GLY', 'A', 1, [-0.5, 0.8, 0], 'H'),
  atom('ATOM', 4, ' CB', 'A', 'SER', 'A', 2, [3, 1, 0], 'C'),
  atom('ATOM', 5, ' CB', 'B', 'SER', 'A', 2, [3, 1.2, 0], 'C'),
  'TER',
  atom('ATOM', 6, ' CA', ' ', 'ALA', 'B', 1, [10, 0, 0], 'C'),
  atom('HETATM', 7, ' SE', ' ', 'MSE', 'B', 2, [11, 0, 0], 'SE'),
  'TER',
  atom('HETATM', 8, 'ZN', ' ', 'ZN', 'A', 301, [5, 5, 5], 'ZN'),
  atom('HETATM', 9, ' C1', ' ', 'LIG', 'A', 302, [6, 6, 6], 'C'),
  atom('HETATM', 10, ' C2', ' ', 'LIG', 'A', 302, [7, 6, 6], 'C'),
  atom('HETATM', 11, ' O', ' ', 'HOH', 'A', 401, [8, 8, 8], 'O'),
  atom('HETATM', 12, ' O', ' ', 'HOH', 'A', 402, [9, 9, 9], 'O'),
  'CONECT    9   10',
  'END',
].join('\n');

describe('cleanProtein', () => {
  it('drops waters, hetero groups, later alt-locs and hydrogens, and counts each', () => {
    const { pdb, report } = cleanProtein(PDB, { keepWaters: false, keepMetals: false, keepHetero: [] });
    expect(report).toEqual({
      inputAtoms: 12,
      watersRemoved: 2,
      heteroRemoved: { LIG: 1, ZN: 1 },
      heteroKept: {},
      altLocsDropped: 1,
      hydrogensRemoved: 1,
      aminoAcids: 4,
      chains: ['A', 'B'],
      heavyAtoms: 5,
    });
    const lines = pdb.trim().split('\n');
    // Selenomethionine stays in its chain; TER closes each chain; the alt-loc column is blank.
    expect(lines.map((l) => l.slice(0, 6).trim() + (l.length > 20 ? l.slice(17, 20) : ''))).toEqual([
      'ATOMGLY',
      'ATOMGLY',
      'ATOMSER',
      'TER',
      'ATOMALA',
      'HETATMMSE',
      'TER',
      'END',
    ]);
    expect(lines[2]!.slice(16, 17)).toBe(' ');
  });

  it('keeps metal ions by default, and what it is asked to keep', () => {
    expect(cleanProtein(PDB, { keepWaters: false, keepHetero: [] }).report).toMatchObject({
      heteroKept: { ZN: 1 },
      heteroRemoved: { LIG: 1 },
    });
    const { pdb, report } = cleanProtein(PDB, { keepWaters: true, keepMetals: false, keepHetero: ['zn', 'LIG'] });
    expect(report.heteroKept).toEqual({ LIG: 1, ZN: 1 });
    expect(report.heteroRemoved).toEqual({});
    expect(report.watersRemoved).toBe(0);
    expect(pdb).toContain(' ZN A 301');
    expect(pdb).toContain('HOH A 402');
  });

  it('sees no protein in a ligand-only file', () => {
    const ligand = PDB.split('\n')
      .filter((l) => l.includes('LIG'))
      .join('\n');
    expect(cleanProtein(ligand, { keepWaters: false, keepHetero: [] }).report.aminoAcids).toBe(0);
  });
});

describe('mergeHydrogens', () => {
  const input = `${[
    atom('ATOM', 1, ' N', ' ', 'GLY', 'A', 7, [0, 0, 0], 'N'),
    atom('ATOM', 2, ' CA', ' ', 'GLY', 'A', 7, [1.45, 0, 0], 'C'),
    atom('HETATM', 3, ' C1', ' ', 'LIG', 'A', 302, [6, 6, 6], 'C'),
    atom('HETATM', 4, ' C2', ' ', 'LIG', 'A', 302, [7.5, 6, 6], 'C'),
    'CONECT    3    4',
  ].join('\n')}\nEND\n`;
  // What Open Babel writes: heavy atoms in order with other labels, then every hydrogen named H.
  const protonated = [
    `${atom('ATOM', 1, ' N', ' ', 'GLY', 'B', 1, [0, 0, 0], 'N')}1+`,
    atom('ATOM', 2, ' CA', ' ', 'GLY', 'B', 1, [1.45, 0, 0], 'C'),
    atom('HETATM', 3, ' C', ' ', 'UNL', ' ', 1, [6, 6, 6], 'C'),
    atom('HETATM', 4, ' C', ' ', 'UNL', ' ', 1, [7.5, 6, 6], 'C'),
    atom('ATOM', 5, ' H', ' ', 'GLY', 'B', 1, [-0.5, 0.9, 0], 'H'),
    atom('HETATM', 6, ' H', ' ', 'UNL', ' ', 1, [5.5, 6.9, 6], 'H'),
    atom('ATOM', 7, ' H', ' ', 'GLY', 'B', 1, [1.8, 1, 0], 'H'),
    'CONECT    5    1',
    'CONECT    6    3',
    'CONECT    7    2',
  ].join('\n');

  it('puts each hydrogen in its residue with the input labels, keeps charges and hetero bonds', () => {
    const out = mergeHydrogens(input, protonated).trim().split('\n');
    expect(out.map((l) => l.slice(0, 27))).toEqual([
      'ATOM      1  N   GLY A   7 ',
      'ATOM      2  CA  GLY A   7 ',
      'ATOM      3  H1  GLY A   7 ',
      'ATOM      4  H2  GLY A   7 ',
      'HETATM    5  C1  LIG A 302 ',
      'HETATM    6  C2  LIG A 302 ',
      'HETATM    7  H   LIG A 302 ',
      'CONECT    5    6',
      'END',
    ]);
    expect(out[0]!.slice(76, 80)).toBe(' N1+');
    expect(summarizePdb(out.join('\n'))).toEqual({ atoms: 7, hydrogens: 3, heavyAtoms: 4, residues: 2, chains: ['A'] });
  });

  it('refuses output whose heavy atoms do not match the input', () => {
    expect(() => mergeHydrogens(input, protonated.split('\n').slice(1).join('\n'))).toThrow(/heavy atoms/);
  });
});
