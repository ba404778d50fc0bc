/**
 * The rules of Med View's saved states (viewer spec §4 "Snapshots", §6 "Presets and
 * snapshots", §9): pure, so they are tested without Mol*.
 */

/** The built-in state: the project's working view, kept by the session sync; never edited, replaced, moved or removed. */
export const DEFAULT_STATE_NAME = 'default';
/** Spec §9: snapshot name limit. */
export const STATE_NAME_MAX = 30;

/** What the rules read of a Mol* snapshot entry. */
export interface EntryLike {
  id: string;
  name?: string;
  key?: string;
}

export type NameError = 'nameRequired' | 'nameReserved' | 'nameExists' | 'nameTooLong';
export type KeyError = 'keyUnique';

export const isDefaultEntry = (entry: Pick<EntryLike, 'name'>) => entry.name === DEFAULT_STATE_NAME;

const chars = (text: string) => [...text].length;

/** The name's error for a new entry or for `editingId` renamed; null when it is fine. */
export function nameError(name: string, entries: readonly EntryLike[], editingId?: string): NameError | null {
  const trimmed = name.trim();
  if (!trimmed) return 'nameRequired';
  if (chars(trimmed) > STATE_NAME_MAX) return 'nameTooLong';
  if (trimmed.toLowerCase() === DEFAULT_STATE_NAME) return 'nameReserved';
  if (entries.some((e) => e.id !== editingId && (e.name ?? '').trim() === trimmed)) return 'nameExists';
  return null;
}

/** The optional key's error: unique among the entries (the one being edited aside). */
export function keyError(key: string, entries: readonly EntryLike[], editingId?: string): KeyError | null {
  const trimmed = key.trim();
  if (!trimmed) return null;
  return entries.some((e) => e.id !== editingId && (e.key ?? '').trim() === trimmed) ? 'keyUnique' : null;
}

export type EntryAction = 'apply' | 'update' | 'replace' | 'up' | 'down' | 'remove';

/** Which actions an entry offers at `index` of `count`: the default only applies. */
export function entryActions(
  entry: Pick<EntryLike, 'name'>,
  index: number,
  entries: readonly EntryLike[],
): Set<EntryAction> {
  if (isDefaultEntry(entry)) return new Set(['apply']);
  const actions = new Set<EntryAction>(['apply', 'update', 'replace', 'remove']);
  // Nothing moves above the default, which stays first.
  const firstMovable = entries.length > 0 && isDefaultEntry(entries[0]!) ? 1 : 0;
  if (index > firstMovable) actions.add('up');
  if (index < entries.length - 1) actions.add('down');
  return actions;
}

export type StateFileKind = 'json' | 'zip';

/**
 * What a state file is by its name: .medj is Mol*'s JSON state (.molj), .med and .molx are
 * Mol*'s zip (state.json with its assets). Anything else is refused.
 */
export function stateFileKind(fileName: string): StateFileKind | null {
  const name = fileName.toLowerCase();
  if (name.endsWith('.medj') || name.endsWith('.molj')) return 'json';
  if (name.endsWith('.med') || name.endsWith('.molx')) return 'zip';
  return null;
}

export type SaveFormat = 'medj' | 'med' | 'molx';

const pad = (n: number) => String(n).padStart(2, '0');

/** Spec §7 "Local save": a prefix plus date-time parts, e.g. medx-state_2026-11-25_05-30-12.medj. */
export function stateFileName(format: SaveFormat, at: Date): string {
  const prefix = format === 'molx' ? 'medx-session' : 'medx-state';
  const date = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  const time = `${pad(at.getHours())}-${pad(at.getMinutes())}-${pad(at.getSeconds())}`;
  return `${prefix}_${date}_${time}.${format}`;
}

/** Is the object Mol*'s state snapshot (PluginStateSnapshotManager.isStateSnapshot, without Mol*)? */
export function isStateSnapshot(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const s = value as { timestamp?: unknown; entries?: unknown };
  return typeof s.timestamp === 'number' && Array.isArray(s.entries);
}

/** The snapshot in a JSON state text: the snapshot itself, or Mol*'s remote wrapper {data}. Null when it is none. */
export function snapshotFromJson(text: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (isStateSnapshot(parsed)) return parsed;
  const data = (parsed as { data?: unknown } | null)?.data;
  return isStateSnapshot(data) ? data : null;
}

/** File ids a state shows that the project no longer has (a file deleted after the state was saved). */
export function missingFileIds(shown: readonly number[], inProject: ReadonlySet<number>): number[] {
  return [...new Set(shown)].filter((id) => !inProject.has(id)).sort((a, b) => a - b);
}
