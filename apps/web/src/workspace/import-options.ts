import { useSyncExternalStore } from 'react';

/** The Import Structure options (spec §4), read when an import finishes (showImportedFiles). */
export interface ImportOptions {
  /** Show in the 3D WorkSpace (default on). */
  showIn3d: boolean;
  /** Replace Workspace: clear the loaded structures first (default off). */
  replaceWorkspace: boolean;
}

export const DEFAULT_IMPORT_OPTIONS: ImportOptions = { showIn3d: true, replaceWorkspace: false };

/** Our own local-storage key (the spec names none for these options). */
export const IMPORT_OPTIONS_KEY = 'importOptions';

const listeners = new Set<() => void>();
let cached: ImportOptions | null = null;

function read(): ImportOptions {
  if (cached) return cached;
  let stored: Partial<ImportOptions> = {};
  try {
    const raw = localStorage.getItem(IMPORT_OPTIONS_KEY);
    if (raw) stored = JSON.parse(raw) as Partial<ImportOptions>;
  } catch {
    stored = {};
  }
  cached = {
    showIn3d: typeof stored.showIn3d === 'boolean' ? stored.showIn3d : DEFAULT_IMPORT_OPTIONS.showIn3d,
    replaceWorkspace:
      typeof stored.replaceWorkspace === 'boolean' ? stored.replaceWorkspace : DEFAULT_IMPORT_OPTIONS.replaceWorkspace,
  };
  return cached;
}

export function getImportOptions(): ImportOptions {
  return read();
}

export function setImportOptions(change: Partial<ImportOptions>): void {
  cached = { ...read(), ...change };
  try {
    localStorage.setItem(IMPORT_OPTIONS_KEY, JSON.stringify(cached));
  } catch {
    // Storage full or refused: the options still hold for this page.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useImportOptions(): ImportOptions {
  return useSyncExternalStore(subscribe, read, () => DEFAULT_IMPORT_OPTIONS);
}
