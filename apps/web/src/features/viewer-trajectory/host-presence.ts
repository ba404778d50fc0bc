import { useSyncExternalStore } from 'react';

/**
 * Whether a Load Trajectory host (the workspace mount, which knows the project's files) is
 * listening: Med View on the bare /viewer-test page has none, and its Load button says so.
 */
let hosts = 0;
const listeners = new Set<() => void>();

export function registerHost(): () => void {
  hosts += 1;
  for (const listener of [...listeners]) listener();
  return () => {
    hosts -= 1;
    for (const listener of [...listeners]) listener();
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useHasTrajectoryHost(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => hosts > 0,
    () => false,
  );
}
