import type { PluginContext } from 'molstar/lib/mol-plugin/context';
import { useEffect, useState } from 'react';
import { readTrajectoryModels, subscribeTrajectories, type TrajectoryModel } from './trajectory-molstar';

function sameModels(a: readonly TrajectoryModel[], b: readonly TrajectoryModel[]): boolean {
  return (
    a.length === b.length &&
    a.every((m, i) => {
      const n = b[i];
      return (
        n !== undefined &&
        m.modelRef === n.modelRef &&
        m.index === n.index &&
        m.frameCount === n.frameCount &&
        m.label === n.label &&
        m.firstAtom === n.firstAtom
      );
    })
  );
}

/** Med View's trajectories of more than one model, kept up to date with Mol*'s state tree. */
export function useTrajectoryModels(plugin: PluginContext | null): TrajectoryModel[] {
  const [models, setModels] = useState<TrajectoryModel[]>([]);
  useEffect(() => {
    if (!plugin) {
      setModels([]);
      return;
    }
    const update = () => {
      const next = readTrajectoryModels(plugin);
      setModels((current) => (sameModels(current, next) ? current : next));
    };
    update();
    return subscribeTrajectories(plugin, update);
  }, [plugin]);
  return models;
}
