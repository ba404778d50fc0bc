import type { PluginContext } from 'molstar/lib/mol-plugin/context';
import { PluginStateSnapshotManager } from 'molstar/lib/mol-plugin-state/manager/snapshots';
import { Zip } from 'molstar/lib/mol-util/zip/zip';
import { collectLoadedFiles, type LoadedFile } from '../../viewer/loaded-files';
import { DEFAULT_STATE_NAME, isDefaultEntry, type SaveFormat, snapshotFromJson, stateFileKind } from './snapshot-rules';

/**
 * Med View's states on Mol*'s own snapshot manager (plugin.managers.snapshot): the built-in
 * "default" entry, the session file, and opening state files with a clear answer when they
 * cannot be read (Mol*'s `open` only logs 'Error reading state').
 */

export type Entry = PluginStateSnapshotManager.Entry;

export const entriesOf = (plugin: PluginContext): Entry[] => plugin.managers.snapshot.state.entries.toArray();

/** The built-in "default" entry, added (of the current view) and moved first when missing. */
export function ensureDefaultEntry(plugin: PluginContext): Entry {
  const manager = plugin.managers.snapshot;
  const found = entriesOf(plugin).find(isDefaultEntry);
  if (found) return found;
  const current = manager.state.current;
  const entry = PluginStateSnapshotManager.Entry(plugin.state.getSnapshot(), { name: DEFAULT_STATE_NAME });
  manager.add(entry);
  for (let i = manager.getIndex(entry); i > 0; i--) manager.move(entry.snapshot.id, -1);
  // add and move make the new entry current; the list's current stays what it was.
  if (current && manager.getEntry(current)) manager.setCurrent(current);
  return entry;
}

/** A new entry of the current view (spec: Add). */
export function addEntry(plugin: PluginContext, params: { name: string; key?: string; description?: string }): Entry {
  const entry = PluginStateSnapshotManager.Entry(plugin.state.getSnapshot(), {
    name: params.name.trim(),
    key: params.key?.trim() || undefined,
    description: params.description?.trim() || undefined,
    descriptionFormat: 'markdown',
  });
  plugin.managers.snapshot.add(entry);
  return entry;
}

/** Replace: the entry shows the current view (Mol* gives the entry a new id). */
export function replaceEntry(plugin: PluginContext, id: string): void {
  plugin.managers.snapshot.replace(id, plugin.state.getSnapshot());
}

/** Apply: the entry becomes current and its view is shown. */
export async function applyEntry(plugin: PluginContext, id: string): Promise<void> {
  const snapshot = plugin.managers.snapshot.setCurrent(id);
  if (!snapshot) throw new Error('not found');
  await plugin.state.setSnapshot(snapshot);
}

/**
 * The whole state (all entries) with the live view as the "default" entry and current: what
 * the project session and a saved file hold, so that opening it shows what was on screen.
 * Mol*'s getStateSnapshot with the default entry's snapshot replaced in the copy (the list the
 * user sees is not touched).
 */
export async function stateWithLiveView(plugin: PluginContext): Promise<PluginStateSnapshotManager.StateSnapshot> {
  ensureDefaultEntry(plugin);
  const state = await plugin.managers.snapshot.getStateSnapshot();
  const live = plugin.state.getSnapshot();
  const entries = state.entries.map((e) => (isDefaultEntry(e) ? { ...e, snapshot: live } : e));
  return { ...state, entries, current: live.id };
}

/** Mol*'s serialize with the live view as the default (see stateWithLiveView): JSON, or its zip with the assets. */
export async function serializeState(plugin: PluginContext, format: SaveFormat): Promise<Blob> {
  const json = JSON.stringify(await stateWithLiveView(plugin));
  if (format === 'medj') return new Blob([json], { type: 'application/json;charset=utf-8' });
  const files: Record<string, Uint8Array<ArrayBuffer>> = { 'state.json': new TextEncoder().encode(json) };
  const assets: [string, unknown][] = [];
  for (const { asset, file } of plugin.managers.asset.assets) {
    assets.push([asset.id, asset]);
    files[`assets/${asset.id}`] = new Uint8Array(await file.arrayBuffer());
  }
  if (assets.length > 0) files['assets.json'] = new TextEncoder().encode(JSON.stringify(assets));
  const zipped = await plugin.runTask(Zip(files));
  return new Blob([zipped], { type: 'application/zip' });
}

export class StateFileError extends Error {
  constructor(readonly reason: 'type' | 'corrupt') {
    super(reason);
    this.name = 'StateFileError';
  }
}

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

/** Whether the last 64 KiB + 22 bytes hold the zip's end-of-central-directory signature (PK 5 6). */
async function hasZipEnd(file: Blob): Promise<boolean> {
  const tail = new Uint8Array(await file.slice(Math.max(0, file.size - 65_557)).arrayBuffer());
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail[i] === 0x50 && tail[i + 1] === 0x4b && tail[i + 2] === 0x05 && tail[i + 3] === 0x06) return true;
  }
  return false;
}

/**
 * Opens a .medj (Mol*'s JSON), .med or .molx (Mol*'s zip) through Mol*'s manager. A file that
 * is not a state throws StateFileError('corrupt') and leaves the viewer as it was.
 */
export async function openStateFile(plugin: PluginContext, file: File): Promise<void> {
  const kind = stateFileKind(file.name);
  if (!kind) throw new StateFileError('type');
  const manager = plugin.managers.snapshot;
  if (kind === 'json') {
    const snapshot = snapshotFromJson(await file.text());
    if (!snapshot) throw new StateFileError('corrupt');
    await manager.setStateSnapshot(snapshot as PluginStateSnapshotManager.StateSnapshot);
    manager.events.opened.next(undefined);
    return;
  }
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  if (!ZIP_SIGNATURE.every((b, i) => head[i] === b)) throw new StateFileError('corrupt');
  // A truncated zip has no end-of-central-directory record (Mol*'s unzip does not return on one).
  if (!(await hasZipEnd(file))) throw new StateFileError('corrupt');
  // Mol*'s open reads the zip by the name's extension; it reports failure only in its log.
  let opened = false;
  const sub = manager.events.opened.subscribe(() => {
    opened = true;
  });
  try {
    await manager.open(new File([file], 'state.molx'));
  } finally {
    sub.unsubscribe();
  }
  if (!opened) throw new StateFileError('corrupt');
}

/** Opens Mol*'s state JSON (a remote state's `data`). */
export async function openSnapshotObject(plugin: PluginContext, data: unknown): Promise<void> {
  const snapshot = snapshotFromJson(JSON.stringify(data));
  if (!snapshot) throw new StateFileError('corrupt');
  await plugin.managers.snapshot.setStateSnapshot(snapshot as PluginStateSnapshotManager.StateSnapshot);
}

/** Project files the viewer shows now (read back from the tags on the state tree, as the Entry List does). */
export function shownFiles(plugin: PluginContext): LoadedFile[] {
  return collectLoadedFiles(plugin.state.data.cells.values());
}
