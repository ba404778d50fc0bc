import { lazy, Suspense, useEffect, useState } from 'react';
import { useBrowserEvent } from '../../lib/browser-events';
import { useViewerPlugin } from '../../viewer/ViewerProvider';
import { registerHost } from './host-presence';

// Mol*-side code loads with the viewer, not with the workspace.
const LoadTrajectoryModal = lazy(() => import('./LoadTrajectoryModal'));
const TrajectoryStatus = lazy(() => import('./TrajectoryStatus'));

interface Request {
  coordinatesId?: number;
  modelId?: number;
  /** A new dialog (fresh form) for every request. */
  key: number;
}

/**
 * Mounted while a project is open: opens the Load Trajectory dialog on the `openLoadTrajectory`
 * browser event (Med View's Trajectory panel, the Entry List's In on an xtc, Show 3D on a tool's
 * coordinates output), and keeps the trajectories' status for browser tests.
 */
export function TrajectoryHost() {
  const plugin = useViewerPlugin();
  const [request, setRequest] = useState<Request | null>(null);
  useEffect(() => registerHost(), []);
  useBrowserEvent('openLoadTrajectory', (detail) => setRequest({ ...detail, key: Date.now() }));
  return (
    <>
      {request && (
        <Suspense fallback={null}>
          <LoadTrajectoryModal
            key={request.key}
            coordinatesId={request.coordinatesId}
            modelId={request.modelId}
            onClose={() => setRequest(null)}
          />
        </Suspense>
      )}
      {plugin && (
        <Suspense fallback={null}>
          <TrajectoryStatus plugin={plugin} />
        </Suspense>
      )}
    </>
  );
}
