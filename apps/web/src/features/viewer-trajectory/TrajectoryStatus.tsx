import type { PluginContext } from 'molstar/lib/mol-plugin/context';
import { useTrajectoryModels } from './use-trajectory-models';

/**
 * Med View's trajectories of more than one model as data attributes of an invisible element
 * (`trajectory-status`), as `med-view-status` does for files: browser tests wait on the model
 * index and on the first atom's coordinates (which change with the frame) instead of on delays.
 */
export default function TrajectoryStatus({ plugin }: { plugin: PluginContext }) {
  const models = useTrajectoryModels(plugin);
  const first = models[0];
  return (
    <div
      hidden
      data-testid="trajectory-status"
      data-trajectories={models.length}
      data-model-index={first ? first.index : ''}
      data-frame-count={first ? first.frameCount : ''}
      data-first-atom={first ? first.firstAtom : ''}
    />
  );
}
