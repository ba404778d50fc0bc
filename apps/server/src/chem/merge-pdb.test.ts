import { describe, expect, it } from 'vitest';
import { ChemistryError } from './errors';
import { mergeToPdb } from './merge-pdb';
import { hasDepth } from './molecules';
import { splitPdb } from './pdb-split';
import { firstModel } from './readers/pdb';
import { COMPLEX_PDB, pdbAtom } from './test-fixtures';

// Merging PDB inputs needs no external program; the SDF/MOL2/SMILES routes are in
// the integration suite (they run obabel).

const atomLines = (text: string) => text.split('\n').filter((l) => l.startsWith('ATOM') || l.startsWith('HETATM'));

describe('mergeToPdb (PDB inputs)', () => {
  const ligand = [
    pdbAtom({
      record: 'HETATM',
      serial: 7,
      name: ' C1',
      resName: 'LIG',
      chain: 'A',
      resSeq: 1,
      x: 5,
      y: 5,
      z: 5,
      element: 'C',
    }),
    pdbAtom({
      record: 'HETATM',
      serial: 9,
      name: ' O1',
      resName: 'LIG',
      chain: 'A',
      resSeq: 1,
      x: 6.4,
      y: 5,
      z: 5,
      element: 'O',
    }),
    'CONECT    7    9',
    'CONECT    9    7',
    'END',
  ].join('\n');

  it('gives each input its own chains, renumbers serials, remaps CONECT, ends once', async () => {
    const merged = await mergeToPdb([
      { name: 'ligand', ext: 'pdb', content: ligand },
      { name: 'complex', ext: 'pdb', content: COMPLEX_PDB },
    ]);
    const atoms = atomLines(merged);
    expect(atoms).toHaveLength(2 + 19);
    // The ligand keeps chain A; the complex's A and B are taken or next, so become B and C.
    expect(atoms.slice(0, 2).map((l) => l[21])).toEqual(['A', 'A']);
    const relabel: Record<string, string> = { A: 'B', B: 'C' };
    expect(atoms.slice(2).map((l) => l[21])).toEqual(atomLines(COMPLEX_PDB).map((l) => relabel[l[21]!]));
    // Serials run 1..n over atoms and TER records, in file order.
    const serials = merged
      .split('\n')
      .filter((l) => /^(ATOM|HETATM|TER)/.test(l))
      .map((l) => Number(l.slice(6, 11)));
    expect(serials).toEqual(serials.map((_, i) => i + 1));
    // Everything but serial and chain is unchanged.
    const strip = (l: string) => l.slice(0, 6) + l.slice(11, 21) + l.slice(22);
    expect(atoms.map(strip)).toEqual([...atomLines(ligand), ...atomLines(COMPLEX_PDB)].map(strip));
    // CONECT follows the atoms: ligand 7-9 became 1-2, the complex moved up by 2.
    const conect = merged.split('\n').filter((l) => l.startsWith('CONECT'));
    expect(conect).toEqual([
      'CONECT    1    2',
      'CONECT    2    1',
      'CONECT   13   15   16   12',
      'CONECT   14   15',
      'CONECT   15   13   14',
      'CONECT   22   23',
      'CONECT   23   22',
    ]);
    expect(merged.split('\n').filter((l) => l === 'END')).toHaveLength(1);
    expect(merged.endsWith('END\n')).toBe(true);
    expect(merged.split('\n').filter((l) => l.startsWith('REMARK'))).toEqual([
      'REMARK 999 CHAIN A FROM ligand',
      'REMARK 999 CHAINS B,C FROM complex',
    ]);
  });

  it('keeps the ANISOU record with its renumbered atom', async () => {
    const merged = await mergeToPdb([
      { name: 'l', ext: 'pdb', content: ligand },
      { name: 'c', ext: 'pdb', content: COMPLEX_PDB },
    ]);
    const lines = merged.split('\n');
    const anisou = lines.findIndex((l) => l.startsWith('ANISOU'));
    expect(lines[anisou]!.slice(6, 27)).toBe(lines[anisou - 1]!.slice(6, 27));
  });

  it('survives a split and merge round trip with the same atoms', async () => {
    const split = splitPdb(COMPLEX_PDB, 'c');
    const parts = [split.others!, split.water!, ...split.ligands.map((l) => l.content)];
    const merged = await mergeToPdb(parts.map((content, i) => ({ name: `p${i}`, ext: 'pdb', content })));
    const coords = (lines: string[]) => lines.map((l) => l.slice(12, 21) + l.slice(26, 80)).sort();
    expect(coords(atomLines(merged))).toEqual(coords(atomLines(COMPLEX_PDB)));
  });

  it('refuses formats it cannot merge and inputs without atoms', async () => {
    await expect(mergeToPdb([{ name: 'x', ext: 'xyz', content: '1\n\nC 0 0 0\n' }])).rejects.toMatchObject({
      code: 'unsupportedFormat',
    });
    await expect(mergeToPdb([{ name: 'x', ext: 'pdb', content: 'HEADER\nEND\n' }])).rejects.toBeInstanceOf(
      ChemistryError,
    );
  });
});

describe('helpers', () => {
  it('firstModel keeps model 1 and the records outside models', () => {
    const atom = (x: number) =>
      pdbAtom({ serial: 1, name: ' C1', resName: 'LIG', chain: 'A', resSeq: 1, x, y: 0, z: 0, element: 'C' });
    const text = ['REMARK x', 'MODEL 1', atom(1), 'ENDMDL', 'MODEL 2', atom(2), 'ENDMDL', 'END'].join('\n');
    expect(firstModel(text)).toBe(`REMARK x\n${atom(1)}\nEND\n`);
    expect(firstModel(`${atom(3)}\nEND\n`)).toBe(`${atom(3)}\nEND\n`);
  });

  it('hasDepth tells flat from 3D coordinates', () => {
    expect(hasDepth([0, 0, 0])).toBe(false);
    expect(hasDepth([0, 0.5, -0.2])).toBe(true);
    expect(hasDepth([])).toBe(false);
  });
});
