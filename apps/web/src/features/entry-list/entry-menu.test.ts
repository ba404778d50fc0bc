import type { ProjectFile } from '@medx/contract';
import { describe, expect, it } from 'vitest';
import type { FileEntryRow, GroupEntryRow } from '../../workspace/entry-rows';
import { actionTargets, fileMenu, groupMenu, groupTargets, type MenuLine } from './entry-menu';

const row = (id: number, name = `f${id}.pdb`, groupId: number | null = null): FileEntryRow => {
  const ext = name.split('.').pop() ?? '';
  return {
    key: `file-${id}`,
    kind: 'file',
    id,
    index: id,
    title: name,
    groupId,
    file: { id, name, ext, file_type: ext.toUpperCase(), group_id: groupId } as ProjectFile,
  };
};

const find = (lines: MenuLine[], action: string) =>
  lines.find((line) => line !== 'divider' && line.action === action) as Exclude<MenuLine, 'divider'>;

describe('actionTargets', () => {
  const a = row(1);
  const b = row(2);
  const c = row(3);
  it('takes the selection for multi-file actions when the clicked file is in it', () => {
    expect(actionTargets('delete', a, [a, b]).map((r) => r.id)).toEqual([1, 2]);
    expect(actionTargets('download', a, [a, b]).map((r) => r.id)).toEqual([1, 2]);
  });
  it('takes only the clicked file otherwise', () => {
    expect(actionTargets('delete', c, [a, b]).map((r) => r.id)).toEqual([3]);
    expect(actionTargets('split', a, [a, b]).map((r) => r.id)).toEqual([1]);
    expect(actionTargets('rename', a, [a, b]).map((r) => r.id)).toEqual([1]);
  });
  it('merges the selection plus the clicked file', () => {
    expect(actionTargets('merge', c, [a, b]).map((r) => r.id)).toEqual([3, 1, 2]);
    expect(actionTargets('merge', a, [a, b]).map((r) => r.id)).toEqual([1, 2]);
    expect(actionTargets('merge', a, []).map((r) => r.id)).toEqual([1]);
  });
});

describe('groupTargets (spec §4)', () => {
  it('groups a multi-selection, or one file without a group', () => {
    expect(groupTargets(row(1), [row(1), row(2, 'b.pdb', 4)])).toEqual([1, 2]);
    expect(groupTargets(row(1), [])).toEqual([1]);
    expect(groupTargets(row(1, 'a.pdb', 4), [])).toBeNull();
  });
});

describe('menus', () => {
  it('lists the file actions with counts for a multi-selection', () => {
    const a = row(1);
    const lines = fileMenu(a, [a, row(2)], false);
    expect(lines.filter((l) => l !== 'divider').map((l) => l.action)).toEqual([
      'rename',
      'edit',
      'split',
      'split-chains',
      'merge',
      'to-mol2',
      'to-smiles',
      'to-3d',
      'prepare-protein',
      'prepare-ligand',
      'group',
      'hide',
      'download',
      'delete',
    ]);
    expect(find(lines, 'delete')).toMatchObject({ count: 2, danger: true, disabled: false });
    // Quick Prepare follows the types the server reads: a PDB is both, an SDF only a ligand.
    expect(find(lines, 'prepare-protein').disabled).toBe(false);
    expect(find(lines, 'prepare-ligand').disabled).toBe(false);
    const sdf = fileMenu(row(7, 'lig.sdf'), [], false);
    expect(find(sdf, 'prepare-protein').disabled).toBe(true);
    expect(find(sdf, 'prepare-ligand').disabled).toBe(false);
    expect(find(fileMenu(row(7, 'lig.sdf'), [], true), 'prepare-ligand').disabled).toBe(true);
    expect(find(lines, 'merge').count).toBe(2);
    expect(find(lines, 'split').count).toBeUndefined();
  });

  it('disables editing for non-text types and grouping for a grouped single file', () => {
    const png = row(5, 'pic.png', 3);
    const lines = fileMenu(png, [], false);
    expect(find(lines, 'edit').disabled).toBe(true);
    expect(find(lines, 'group').disabled).toBe(true);
  });

  it('disables changes for READ_ONLY members but keeps viewing, SMILES and download', () => {
    const lines = fileMenu(row(1), [], true);
    expect(find(lines, 'rename').disabled).toBe(true);
    expect(find(lines, 'delete').disabled).toBe(true);
    expect(find(lines, 'edit').disabled).toBe(false);
    expect(find(lines, 'to-smiles').disabled).toBe(false);
    expect(find(lines, 'download').disabled).toBe(false);
    const group = { key: 'group-1', kind: 'group', id: 1, index: 1, title: 'G', createdAt: '' } as GroupEntryRow;
    expect(groupMenu(group, true).every((l) => l === 'divider' || l.disabled)).toBe(true);
    expect(
      groupMenu(group, false)
        .filter((l) => l !== 'divider')
        .map((l) => l.action),
    ).toEqual(['rename-group', 'ungroup', 'delete-group']);
  });
});
