import { describe, expect, it } from 'vitest';
import { checkMerge, checkSplit, checkSplitChains, exportable, groupIds } from './file-rules';

const file = (name: string, file_type = name.split('.').pop()?.toUpperCase() ?? '') => ({
  name,
  ext: name.split('.').pop() ?? '',
  file_type,
});

describe('checkSplit (spec §5)', () => {
  it('takes PDB, SDF, MOL2 and SMI', () => {
    for (const name of ['a.pdb', 'b.sdf', 'c.mol2', 'd.smi']) expect(checkSplit(file(name)), name).toBeNull();
  });
  it('refuses other types', () => {
    for (const name of ['a.cif', 'b.csv', 'c.pdbqt', 'd.txt']) {
      expect(checkSplit(file(name)), name).toEqual({ key: 'splitOnlyStructures' });
    }
  });
  it('falls back to the extension when file_type is empty', () => {
    expect(checkSplit(file('x.PDB', ''))).toBeNull();
  });
});

describe('checkSplitChains (spec §5)', () => {
  it('takes PDB only', () => {
    expect(checkSplitChains(file('a.pdb'))).toBeNull();
    expect(checkSplitChains(file('a.sdf'))).toEqual({ key: 'splitOnlyPdb' });
  });
});

describe('checkMerge (spec §5)', () => {
  it('needs at least two files', () => {
    expect(checkMerge([])).toEqual({ key: 'selectTwoFiles' });
    expect(checkMerge([file('a.pdb')])).toEqual({ key: 'selectTwoFiles' });
  });
  it('takes .sdf, .pdb, .mol2 and .smi', () => {
    expect(checkMerge([file('a.pdb'), file('b.sdf'), file('c.mol2'), file('d.smi')])).toBeNull();
  });
  it('names the first unsupported extension', () => {
    expect(checkMerge([file('a.pdb'), file('b.cif'), file('c.txt')])).toEqual({
      key: 'notSupportExt',
      params: { fileExtension: '.cif' },
    });
  });
});

describe('groupIds (spec §4)', () => {
  it('groups a multi-selection', () => {
    const selection = [
      { id: 1, group_id: null },
      { id: 2, group_id: 5 },
    ];
    expect(groupIds({ id: 9, group_id: 5 }, selection)).toEqual([1, 2]);
  });
  it('groups a single file that has no group', () => {
    expect(groupIds({ id: 9, group_id: null }, [])).toEqual([9]);
    expect(groupIds({ id: 9, group_id: null }, [{ id: 9, group_id: null }])).toEqual([9]);
  });
  it('refuses a single file that already has a group', () => {
    expect(groupIds({ id: 9, group_id: 3 }, [{ id: 9, group_id: 3 }])).toBeNull();
  });
});

describe('exportable (spec §5)', () => {
  it('keeps only the editable types', () => {
    const files = [file('a.pdb'), file('b.png'), file('c.csv'), file('d.html'), file('e.json')];
    expect(exportable(files).map((f) => f.name)).toEqual(['a.pdb', 'c.csv', 'e.json']);
  });
});
