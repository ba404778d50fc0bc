import { lazy, Suspense } from 'react';

// The sync reads and writes Mol*'s state: loaded with Med View's code, not the workspace's.
const SessionSyncMount = lazy(() => import('./SessionSyncMount').then((m) => ({ default: m.SessionSyncMount })));

/** The workspace mount: the project's viewer session sync, loaded on demand. */
export function SessionSyncLoader() {
  return (
    <Suspense fallback={null}>
      <SessionSyncMount />
    </Suspense>
  );
}
