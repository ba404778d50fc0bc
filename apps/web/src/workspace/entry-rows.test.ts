import { describe, expect, it } from 'vitest';
import { fileRows, findFileRow, toEntryRows } from './entry-rows';

const file = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  name: `f${id}.pdb`,
  ext: 'pdb',
  file_type: 'PDB',
  is_file: true,
  group_id: null,
  ...extra,
});

describe('toEntryRows', () => {
  it('keeps the server indexes and nests group members', () => {
    const rows = toEntryRows([
      {
        id: 10,
        name: 'New Group',
        is_file: false,
        created_at: 't',
        index: 1,
        files: [file(1, { group_id: 10, index: 1 }), file(2, { group_id: 10, index: 2 })],
      },
      file(3, { index: 2 }),
    ]);
    expect(rows.map((r) => [r.kind, r.key, r.index, r.title])).toEqual([
      ['group', 'group-10', 1, 'New Group'],
      ['file', 'file-3', 2, 'f3.pdb'],
    ]);
    const group = rows[0];
    expect(group?.kind === 'group' && group.children?.map((c) => [c.key, c.index, c.groupId])).toEqual([
      ['file-1', 1, 10],
      ['file-2', 2, 10],
    ]);
  });

  it('counts indexes like the server when none are given: files 1..n in display order', () => {
    const rows = toEntryRows([file(1), { id: 7, name: 'G', is_file: false, files: [file(2), file(3)] }, file(4)]);
    expect(rows.map((r) => r.index)).toEqual([1, 1, 4]);
    const group = rows[1];
    expect(group?.kind === 'group' && group.children?.map((c) => [c.index, c.groupId])).toEqual([
      [2, 7],
      [3, 7],
    ]);
  });

  it('reads the older `children` shape and gives an empty group no children', () => {
    const rows = toEntryRows([
      { id: 1, name: 'G', is_file: false, index: 1, children: [file(2, { index: 1 })] },
      { id: 2, name: 'Empty', is_file: false, index: 2, files: [] },
    ]);
    expect(rows[0]?.kind === 'group' && rows[0].children?.length).toBe(1);
    expect(rows[1]?.kind === 'group' && rows[1].children).toBeUndefined();
  });

  it('skips malformed entries and copes with nothing', () => {
    expect(toEntryRows(undefined)).toEqual([]);
    expect(toEntryRows([null, 'x', { name: 'no id' }])).toEqual([]);
  });

  it('lists every file row and finds one by id', () => {
    const rows = toEntryRows([{ id: 7, name: 'G', is_file: false, files: [file(2)] }, file(4)]);
    expect(fileRows(rows).map((r) => r.id)).toEqual([2, 4]);
    expect(findFileRow(rows, 2)?.groupId).toBe(7);
    expect(findFileRow(rows, 99)).toBeUndefined();
  });
});
