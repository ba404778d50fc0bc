import type { EntryRow, FileEntryRow, GroupEntryRow } from '../../workspace/entry-rows';
import { groupIds } from '../../workspace/file-rules';
import { isEditable } from '../../workspace/file-types';
import { canPrepare } from '../jobs';

export type FileAction =
  | 'rename'
  | 'edit'
  | 'split'
  | 'split-chains'
  | 'merge'
  | 'to-mol2'
  | 'to-smiles'
  | 'to-3d'
  | 'prepare-protein'
  | 'prepare-ligand'
  | 'group'
  | 'hide'
  | 'delete'
  | 'download';
export type GroupAction = 'rename-group' | 'ungroup' | 'delete-group';
export type EntryAction = FileAction | GroupAction;

export interface MenuEntry {
  action: EntryAction;
  /** How many files the action applies to, when more than one. */
  count?: number;
  disabled?: boolean;
  danger?: boolean;
}

export type MenuLine = MenuEntry | 'divider';

/** Actions that apply to the whole multi-selection when the clicked file is part of it. */
const MULTI: readonly FileAction[] = ['to-mol2', 'to-smiles', 'hide', 'delete', 'download'];
/** Actions that change the project (off for READ_ONLY members). */
const CHANGES: readonly EntryAction[] = [
  'rename',
  'split',
  'split-chains',
  'merge',
  'to-mol2',
  'to-3d',
  'prepare-protein',
  'prepare-ligand',
  'group',
  'hide',
  'delete',
  'rename-group',
  'ungroup',
  'delete-group',
];

/** The checked files plus the clicked one (first when it was not checked). */
export function withTarget(row: FileEntryRow, selected: readonly FileEntryRow[]): FileEntryRow[] {
  return selected.some((file) => file.id === row.id) ? [...selected] : [row, ...selected];
}

/**
 * The files an action works on: for the multi-file actions, the whole selection when the
 * clicked file is in it; merge and group take the selection plus the clicked file; others
 * just the clicked file.
 */
export function actionTargets(
  action: EntryAction,
  row: FileEntryRow,
  selected: readonly FileEntryRow[],
): FileEntryRow[] {
  if (action === 'merge' || action === 'group') return withTarget(row, selected);
  const inSelection = selected.some((file) => file.id === row.id);
  if ((MULTI as readonly EntryAction[]).includes(action) && inSelection && selected.length > 1) return [...selected];
  return [row];
}

/** Ids to group (spec §4: a multi-selection, or a file without a group), or null. */
export function groupTargets(row: FileEntryRow, selected: readonly FileEntryRow[]): number[] | null {
  const candidates = withTarget(row, selected).map((file) => ({ id: file.id, group_id: file.groupId }));
  return groupIds({ id: row.id, group_id: row.groupId }, candidates.length >= 2 ? candidates : []);
}

function entry(action: EntryAction, readOnly: boolean, extra: Partial<MenuEntry> = {}): MenuEntry {
  const disabled = Boolean(extra.disabled) || (readOnly && CHANGES.includes(action));
  return { action, ...extra, disabled };
}

/** The right-click menu of a file row. */
export function fileMenu(row: FileEntryRow, selected: readonly FileEntryRow[], readOnly: boolean): MenuLine[] {
  const count = (action: FileAction) => {
    const n = actionTargets(action, row, selected).length;
    return n > 1 ? n : undefined;
  };
  const mergeCount = withTarget(row, selected).length;
  return [
    entry('rename', readOnly),
    entry('edit', false, { disabled: !isEditable(row.file) }),
    'divider',
    entry('split', readOnly),
    entry('split-chains', readOnly),
    entry('merge', readOnly, { count: mergeCount > 1 ? mergeCount : undefined }),
    entry('to-mol2', readOnly, { count: count('to-mol2') }),
    entry('to-smiles', readOnly, { count: count('to-smiles') }),
    entry('to-3d', readOnly),
    entry('prepare-protein', readOnly, { disabled: !canPrepare('protein', row.file) }),
    entry('prepare-ligand', readOnly, { disabled: !canPrepare('ligand', row.file) }),
    'divider',
    entry('group', readOnly, { disabled: groupTargets(row, selected) === null }),
    entry('hide', readOnly, { count: count('hide') }),
    entry('download', false, { count: count('download') }),
    'divider',
    entry('delete', readOnly, { count: count('delete'), danger: true }),
  ];
}

/** The right-click menu of a group row. */
export function groupMenu(_row: GroupEntryRow, readOnly: boolean): MenuLine[] {
  return [
    entry('rename-group', readOnly),
    entry('ungroup', readOnly),
    'divider',
    entry('delete-group', readOnly, { danger: true }),
  ];
}

export function menuFor(row: EntryRow, selected: readonly FileEntryRow[], readOnly: boolean): MenuLine[] {
  return row.kind === 'file' ? fileMenu(row, selected, readOnly) : groupMenu(row, readOnly);
}
