import { POCKET_JOB_TYPE } from '@medx/contract';
import { defineFeature } from '../../platform';
import { pocketsRoutes } from './pockets.routes';
import { PocketsService } from './pockets.service';
import { pocketExecutor, pocketStepTools } from './pockets.steps';

/** Docking boxes: from a ligand, from residues, and by cavity detection (also a job, for workflows). */
export const pocketsFeature = defineFeature({
  name: 'pockets',
  setup: ({ files, access, stepTools }) => {
    const service = new PocketsService(files.service, access);
    stepTools.add(pocketStepTools(files.repository));
    return {
      routes: [{ prefix: '/v1/docking', plugin: pocketsRoutes(service) }],
      executors: { [POCKET_JOB_TYPE]: pocketExecutor(files.repository, service) },
    };
  },
});
