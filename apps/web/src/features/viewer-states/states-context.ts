import { useSyncExternalStore } from 'react';
import type { ViewerService } from '../../viewer/viewer-service';

/**
 * What the project's session sync (a workspace mount) tells the States panel (a toolbar item
 * that also shows on pages without a project): the project, the caller's right to write, the
 * sync's state and a "sync now". Keyed by the viewer service both share.
 */
export interface StatesProject {
  projectId: number;
  readOnly: boolean;
  /** loading: the session is being read; idle: loaded, nothing sent yet; synced: the server has this tab's view; failed: the last sync failed. */
  sync: 'loading' | 'idle' | 'syncing' | 'synced' | 'failed' | 'conflict';
  syncedAt: number | null;
  syncNow: () => Promise<void>;
}

const values = new WeakMap<ViewerService, StatesProject>();
const listeners = new Set<() => void>();

export function publishStatesProject(service: ViewerService, value: StatesProject | null): void {
  if (value) values.set(service, value);
  else values.delete(service);
  for (const listener of [...listeners]) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** The project behind this viewer, or null (the /viewer-test page, or before the sync mounted). */
export function useStatesProject(service: ViewerService | null): StatesProject | null {
  const read = () => (service ? (values.get(service) ?? null) : null);
  return useSyncExternalStore(subscribe, read, read);
}
