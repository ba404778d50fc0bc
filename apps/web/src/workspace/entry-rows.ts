import type { ProjectFile } from '@medx/contract';

export interface FileEntryRow {
  key: string;
  kind: 'file';
  id: number;
  index: number;
  title: string;
  groupId: number | null;
  file: ProjectFile;
}

export interface GroupEntryRow {
  key: string;
  kind: 'group';
  id: number;
  index: number;
  title: string;
  createdAt: string;
  /** Undefined when the group is empty, so the table draws no expand button. */
  children?: FileEntryRow[];
}

export type EntryRow = FileEntryRow | GroupEntryRow;

export const fileKey = (id: number) => `file-${id}`;
export const groupKey = (id: number) => `group-${id}`;

type RawEntry = Record<string, unknown>;

const isObject = (value: unknown): value is RawEntry => typeof value === 'object' && value !== null;

function isGroup(entry: RawEntry): boolean {
  if (entry.is_file === false) return true;
  return entry.is_file !== true && (Array.isArray(entry.files) || Array.isArray(entry.children));
}

function fileRow(entry: RawEntry, index: number, groupId: number | null): FileEntryRow {
  const file = entry as unknown as ProjectFile;
  return {
    key: fileKey(file.id),
    kind: 'file',
    id: file.id,
    index,
    title: file.name,
    groupId: typeof entry.group_id === 'number' ? entry.group_id : groupId,
    file,
  };
}

/**
 * The project's entry tree (GET /v1/projects/{id} `files`: groups with their `files`, and files
 * outside groups) as Entry List rows. The server's `index` is kept; where one is missing it is
 * counted the way the server does: the files 1..n in display order, group members included
 * (a group's own index is the count of files before it; the table shows none for groups).
 * (`children` is read as well as `files`, the older shape of the contract's ProjectEntry.)
 */
export function toEntryRows(entries: readonly unknown[] | null | undefined): EntryRow[] {
  const rows: EntryRow[] = [];
  let files = 0;
  const nextIndex = (entry: RawEntry) => {
    files = typeof entry.index === 'number' ? Math.max(files, entry.index) : files + 1;
    return typeof entry.index === 'number' ? entry.index : files;
  };
  for (const entry of entries ?? []) {
    if (!isObject(entry) || typeof entry.id !== 'number') continue;
    if (isGroup(entry)) {
      const index = typeof entry.index === 'number' ? entry.index : files;
      const members = (Array.isArray(entry.files) ? entry.files : entry.children) as unknown[];
      const children: FileEntryRow[] = [];
      for (const member of members) {
        if (!isObject(member) || typeof member.id !== 'number') continue;
        children.push(fileRow(member, nextIndex(member), entry.id));
      }
      rows.push({
        key: groupKey(entry.id),
        kind: 'group',
        id: entry.id,
        index,
        title: String(entry.name ?? ''),
        createdAt: String(entry.created_at ?? ''),
        children: children.length ? children : undefined,
      });
    } else {
      rows.push(fileRow(entry, nextIndex(entry), null));
    }
  }
  return rows;
}

/** Every file row, group members included, in display order. */
export function fileRows(rows: readonly EntryRow[]): FileEntryRow[] {
  return rows.flatMap((row) => (row.kind === 'file' ? [row] : (row.children ?? [])));
}

export function findFileRow(rows: readonly EntryRow[], id: number): FileEntryRow | undefined {
  return fileRows(rows).find((row) => row.id === id);
}
