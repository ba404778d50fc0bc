import { DOCKING_JOB_TYPE } from '@medx/contract';
import { defineFeature } from '../../platform';
import { dockingExecutor } from './docking.executor';
import { DockingRepository } from './docking.repository';
import { dockingRoutes } from './docking.routes';
import { DockingService } from './docking.service';
import { dockingStepTools } from './docking.steps';

/** Docking: POST /v1/jobs/docking, rerun, ranked results, and the DOCKING executor. */
export const dockingFeature = defineFeature({
  name: 'docking',
  setup: ({ db, files, storage, access, jobs, clock, stepTools }) => {
    stepTools.add(dockingStepTools(files.repository));
    const results = new DockingRepository(db.kysely);
    const service = new DockingService(results, files.repository, storage, access, jobs);
    return {
      routes: [{ prefix: '/v1', plugin: dockingRoutes(service) }],
      executors: { [DOCKING_JOB_TYPE]: dockingExecutor({ results, files: files.repository, storage, clock }) },
    };
  },
});
