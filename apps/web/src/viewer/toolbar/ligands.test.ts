import { describe, expect, it } from 'vitest';
import { LIGAND_FIT_IONS, STANDARD_RESIDUES } from './constants';
import { findLigands, isLigandName, nextLigandIndex, type ResidueRecord } from './ligands';

const residue = (name: string, seq: number, extra: Partial<ResidueRecord<number>> = {}): ResidueRecord<number> => ({
  structure: 's1',
  name,
  chain: 'A',
  seq,
  payload: seq,
  ...extra,
});

describe('ligand detection (spec §9)', () => {
  it('lists the 21 standard names and 11 ions', () => {
    expect(STANDARD_RESIDUES).toHaveLength(21);
    expect(STANDARD_RESIDUES).toContain('HOH');
    expect(LIGAND_FIT_IONS).toEqual(['CL', 'NA', 'K', 'MG', 'CA', 'ZN', 'FE', 'MN', 'CO', 'NI', 'CU']);
  });

  it('excludes standard residues, water and the listed ions, in any case', () => {
    for (const name of [...STANDARD_RESIDUES, ...LIGAND_FIT_IONS, 'hoh', ' zn ', 'gly', '']) {
      expect(isLigandName(name), name).toBe(false);
    }
    for (const name of ['GIO', 'STI', 'UNL', 'SO4', 'MSE', 'BR', 'HEM', 'lig']) {
      expect(isLigandName(name), name).toBe(true);
    }
  });

  it('finds one entry per ligand residue, in order', () => {
    const ligands = findLigands([
      residue('ALA', 1),
      residue('GIO', 301),
      residue('HOH', 401),
      residue('ZN', 402),
      residue('SO4', 302, { chain: 'B' }),
      residue('CL', 403),
    ]);
    expect(ligands.map((l) => `${l.chain}${l.seq}:${l.name}`)).toEqual(['A301:GIO', 'B302:SO4']);
  });

  it('merges the parts of one residue and keeps structures apart', () => {
    const ligands = findLigands([
      residue('GIO', 301, { payload: 1 }),
      residue('GIO', 301, { payload: 2 }),
      residue('GIO', 301, { structure: 's2', payload: 3 }),
      residue('GIO', 301, { insCode: 'A', payload: 4 }),
    ]);
    expect(ligands.map((l) => l.parts)).toEqual([[1, 2], [3], [4]]);
  });

  it('finds nothing in a protein with water and ions only', () => {
    expect(findLigands([residue('GLY', 1), residue('HOH', 2), residue('NA', 3)])).toEqual([]);
  });
});

describe('AUTO ligand cycling', () => {
  const ligands = [{ key: 'a' }, { key: 'b' }, { key: 'c' }];

  it('starts at the first ligand and wraps round', () => {
    expect(nextLigandIndex(ligands, null)).toBe(0);
    expect(nextLigandIndex(ligands, 'a')).toBe(1);
    expect(nextLigandIndex(ligands, 'b')).toBe(2);
    expect(nextLigandIndex(ligands, 'c')).toBe(0);
  });

  it('starts over when the last ligand is gone, and gives nothing without ligands', () => {
    expect(nextLigandIndex(ligands, 'gone')).toBe(0);
    expect(nextLigandIndex([], 'a')).toBeNull();
  });
});
