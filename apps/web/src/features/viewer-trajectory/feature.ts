import { defineFeature } from '../../workspace/registry/feature';
import { TrajectoryHost } from './TrajectoryHost';

/**
 * Med View's trajectories (viewer spec §2-§5, issue 12 point 8): the Trajectory toolbar item
 * (Load Trajectory, First / Previous / Next Model, the model index editor) and the Load
 * Trajectory dialog, opened by the `openLoadTrajectory` browser event while a project is open.
 */
export const viewerTrajectoryFeature = defineFeature({
  id: 'viewer-trajectory',
  viewerToolbar: [
    {
      id: 'trajectory',
      slot: 'panel',
      order: 40,
      load: () => import('./TrajectoryToolbarItem').then((m) => ({ default: m.TrajectoryToolbarItem })),
    },
  ],
  mounts: [{ id: 'load-trajectory', component: TrajectoryHost }],
});
