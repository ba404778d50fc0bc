import type { ProjectFile } from '@medx/contract';
import { describe, expect, it } from 'vitest';
import type { EntryRow } from '../../workspace/entry-rows';
import { accepts2d, importableFiles, needsLigandPick } from './entry-types';

const file = (id: number, file_type: string) => ({ id, name: `f${id}`, file_type }) as ProjectFile;
const fileRow = (f: ProjectFile): EntryRow => ({
  key: `file-${f.id}`,
  kind: 'file',
  id: f.id,
  index: f.id,
  title: f.name,
  groupId: null,
  file: f,
});

describe('entries the 2D WorkSpace imports', () => {
  it('takes SMI, SMILES, SDF, MOL2 and PDB (any case) and nothing else', () => {
    for (const type of ['SMI', 'SMILES', 'SDF', 'MOL2', 'PDB', 'sdf', 'Pdb'])
      expect(accepts2d({ file_type: type }), type).toBe(true);
    for (const type of ['PDBQT', 'CIF', 'XYZ', 'INCHI', 'TXT', 'CSV', ''])
      expect(accepts2d({ file_type: type }), type).toBe(false);
  });

  it('lists group members too, in Entry List order, and asks for a ligand only for a PDB', () => {
    const group: EntryRow = {
      key: 'group-9',
      kind: 'group',
      id: 9,
      index: 1,
      title: 'G',
      createdAt: '',
      children: [
        fileRow(file(3, 'MOL2')) as Extract<EntryRow, { kind: 'file' }>,
        fileRow(file(4, 'XYZ')) as Extract<EntryRow, { kind: 'file' }>,
      ],
    };
    const rows = [fileRow(file(1, 'PDB')), fileRow(file(2, 'CSV')), group, fileRow(file(5, 'SMI'))];
    expect(importableFiles(rows).map((f) => f.id)).toEqual([1, 3, 5]);
    expect(needsLigandPick(file(1, 'PDB'))).toBe(true);
    expect(needsLigandPick(file(3, 'MOL2'))).toBe(false);
  });
});
