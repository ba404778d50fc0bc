import { useSyncExternalStore } from 'react';

/**
 * Ligand files another feature asked the Docking wizard to start with (browser event
 * openDockingWizard). Held outside the window because the window may not be mounted yet when
 * the request comes: it is loaded when shown, and takes the request then.
 */
let pending: readonly number[] | null = null;
const listeners = new Set<() => void>();

export function requestLigands(ids: readonly number[]): void {
  pending = [...ids];
  for (const listener of listeners) listener();
}

/** Forgets a request once the wizard has applied it (not a newer one that came meanwhile). */
export function clearLigandRequest(request: readonly number[]): void {
  if (pending !== request) return;
  pending = null;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const snapshot = () => pending;

/** The request waiting for the wizard, or null. */
export const useLigandRequest = () => useSyncExternalStore(subscribe, snapshot, snapshot);
