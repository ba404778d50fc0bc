import { TRANSMOL_JOB_TYPE } from '@medx/contract';
import { defineFeature } from '../../platform';
import { transmolExecutor } from './transmol.executor';
import { transmolRoutes } from './transmol.routes';
import { TransMolService } from './transmol.service';

/** TransMol: POST /v1/jobs/transmol, the result table, generate → dock, and the executor. */
export const transmolFeature = defineFeature({
  name: 'transmol',
  setup: ({ jobs, access, files }) => {
    const service = new TransMolService(jobs, access, files.writer);
    return {
      routes: [{ prefix: '/v1', plugin: transmolRoutes(service) }],
      executors: { [TRANSMOL_JOB_TYPE]: transmolExecutor() },
    };
  },
});
