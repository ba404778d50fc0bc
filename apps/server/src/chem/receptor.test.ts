import { afterAll, describe, expect, it } from 'vitest';
import * as offload from './offload';
import { assembleReceptorPdbqt, cleanReceptor, countPolymerAtoms, ReceptorPreparationError } from './receptor';

const atom = (
  record: string,
  serial: number,
  name: string,
  alt: string,
  res: string,
  element: string,
  [x, y, z]: [number, number, number] = [1, 2, 3],
  seq = 1,
) =>
  `${record.padEnd(6)}${String(serial).padStart(5)} ${name.padEnd(4)}${alt}${res.padStart(3)} A${String(seq).padStart(4)}    ${x.toFixed(3).padStart(8)}${y.toFixed(3).padStart(8)}${z.toFixed(3).padStart(8)}  1.00  0.00          ${element.padStart(2)}`;

/** What Open Babel writes for a PDB atom line in a PDBQT (same columns 1-66, charge, type). */
const asPdbqt = (line: string, type: string) => `${line.slice(0, 66)}    +0.000 ${type.padEnd(2)}`;

const PDB = [
  atom('ATOM', 1, ' N', ' ', 'GLY', 'N', [0, 0, 0]),
  atom('ATOM', 2, ' H', ' ', 'GLY', 'H', [-1, 0, 0]),
  atom('ATOM', 3, ' CA', 'A', 'SER', 'C', [1.5, 0, 0], 2),
  atom('ATOM', 4, ' CA', 'B', 'SER', 'C', [1.6, 0, 0], 2),
  atom('HETATM', 5, ' O', ' ', 'HOH', 'O', [9, 9, 9], 3),
  atom('HETATM', 6, ' C1', ' ', 'GOL', 'C', [8, 8, 8], 4),
  atom('HETATM', 7, ' C2', ' ', 'GOL', 'C', [8, 9, 8], 4),
  atom('HETATM', 8, ' P', ' ', 'SEP', 'P', [3, 0, 0], 5),
  atom('HETATM', 9, ' OG', ' ', 'SEP', 'O', [3, 1, 0], 5),
  atom('HETATM', 10, 'ZN', ' ', 'ZN', 'ZN', [0, 2.1, 0], 6),
  atom('HETATM', 11, 'MG', ' ', 'MG', 'MG', [5, 5, 5], 7),
  atom('HETATM', 12, 'NA', ' ', 'NA', 'NA', [6, 6, 6], 8),
  'END',
].join('\n');

describe('cleanReceptor', () => {
  const clean = cleanReceptor(PDB);

  it('keeps the polymer (modified residues too) and metals; drops waters, ligands, other ions, hydrogens, other alt-locs', () => {
    expect(clean.atoms).toBe(6);
    expect(clean.dropped).toEqual({ waters: 1, hetero: 3, hydrogens: 1, altLocs: 1 });
    // The kept alt-loc A loses its label, so Open Babel sees one conformation.
    expect(clean.pdb.split('\n')[1]!.charAt(16)).toBe(' ');
    expect(clean.metals.map((m) => [m.atom.resName, m.adType])).toEqual([
      ['ZN', 'Zn'],
      ['MG', 'Mg'],
    ]);
  });

  it('hands Open Babel the polymer only; the complex keeps the metals', () => {
    const residues = (pdb: string) =>
      pdb
        .split('\n')
        .filter((l) => /^(ATOM|HETATM)/.test(l))
        .map((l) => l.slice(17, 20).trim());
    expect(residues(clean.polymerPdb)).toEqual(['GLY', 'SER', 'SEP', 'SEP']);
    expect(residues(clean.pdb)).toEqual(['GLY', 'SER', 'SEP', 'SEP', 'ZN', 'MG']);
  });

  it('hands Open Babel selenium as sulfur (no Gasteiger parameters for Se), the complex keeps it', () => {
    const mse = cleanReceptor(
      [
        atom('HETATM', 1, ' CG', ' ', 'MSE', 'C', [0, 0, 0]),
        atom('HETATM', 2, 'SE', ' ', 'MSE', 'SE', [1.95, 0, 0]),
      ].join('\n'),
    );
    const element = (pdb: string) =>
      pdb
        .split('\n')
        .filter((l) => l.startsWith('HETATM'))
        .map((l) => l.slice(76, 78).trim());
    expect(element(mse.polymerPdb)).toEqual(['C', 'S']);
    expect(element(mse.pdb)).toEqual(['C', 'SE']);
  });

  it('counts polymer atoms of a receptor file', () => {
    expect(countPolymerAtoms(PDB)).toBe(6);
    expect(countPolymerAtoms(atom('HETATM', 1, ' O', ' ', 'HOH', 'O'))).toBe(0);
  });
});

describe('assembleReceptorPdbqt', () => {
  const clean = cleanReceptor(PDB);
  const polymer = clean.polymerPdb.split('\n').filter((l) => /^(ATOM|HETATM)/.test(l));
  // Open Babel's output: the polymer with a hydrogen on the nitrogen that coordinates the zinc.
  const obabel = [
    'REMARK  Name = receptor_clean.pdb',
    asPdbqt(polymer[0]!, 'N'),
    asPdbqt(atom('ATOM', 2, ' H', ' ', 'GLY', 'H', [0, 1.01, 0]), 'HD'),
    asPdbqt(atom('ATOM', 3, ' H', ' ', 'GLY', 'H', [-0.9, -0.5, 0]), 'HD'),
    ...polymer.slice(1).map((l) => asPdbqt(l, l.slice(77, 78).trim() === 'P' ? 'P' : l.slice(77, 78).trim())),
    'TER',
  ].join('\n');

  it('adds each metal with its Vina type and drops hydrogens Open Babel put against a metal', () => {
    const out = assembleReceptorPdbqt(obabel, clean).trimEnd().split('\n');
    const metals = out.filter((l) => l.startsWith('HETATM') && /ZN|MG/.test(l.slice(17, 20)));
    expect(metals).toEqual([
      'HETATM    6 ZN    ZN A   6       0.000   2.100   0.000  1.00  0.00     0.000 Zn',
      'HETATM    7 MG    MG A   7       5.000   5.000   5.000  1.00  0.00     0.000 Mg',
    ]);
    // The hydrogen 1.09 Å from the zinc is gone, the other kept.
    expect(out.filter((l) => l.endsWith('HD')).map((l) => l.slice(30, 54))).toEqual(['  -0.900  -0.500   0.000']);
    expect(out.some((l) => l.startsWith('TER'))).toBe(false);
  });

  it('refuses a PDBQT that lost a receptor atom, or has none', () => {
    const lost = obabel
      .split('\n')
      .filter((l) => !l.includes(' OG '))
      .join('\n');
    expect(() => assembleReceptorPdbqt(lost, clean)).toThrow(
      /left 1 of 4 receptor atoms out of its PDBQT \(SEP A5 OG\)/,
    );
    expect(() => assembleReceptorPdbqt('', clean)).toThrow(ReceptorPreparationError);
    expect(() => assembleReceptorPdbqt('', clean)).toThrow(
      'Open Babel could not prepare the receptor (no atoms in its PDBQT).',
    );
  });
});

describe('receptor work off the event loop (offload.ts)', () => {
  afterAll(() => offload.closeStructureWorkers());

  it('a structure worker answers what the in-process functions answer', async () => {
    expect(await offload.cleanReceptor(PDB)).toEqual(cleanReceptor(PDB));
    expect(await offload.countPolymerAtoms(PDB, 'pdb')).toBe(countPolymerAtoms(PDB, 'pdb'));
    expect(countPolymerAtoms(PDB, 'pdb')).toBeGreaterThan(0);
  });
});
