import { DOCKING_JOB_TYPE, SCREENING_JOB_TYPE } from '@medx/contract';
import { defineFeature } from '../../platform';
import { dockingExecutor } from './docking.executor';
import { DockingRepository } from './docking.repository';
import { dockingRoutes } from './docking.routes';
import { DockingService } from './docking.service';
import { dockingStepTools } from './docking.steps';
import { screeningExecutor } from './screening/screening.executor';
import { ScreeningRepository } from './screening/screening.repository';
import { screeningRoutes } from './screening/screening.routes';
import { ScreeningService } from './screening/screening.service';

/**
 * Docking: POST /v1/jobs/docking, rerun, ranked results, and the DOCKING executor; and
 * screening (a library docked ligand by ligand): POST /v1/jobs/docking/library, its
 * progress, ligands and export, and the SCREENING executor.
 */
export const dockingFeature = defineFeature({
  name: 'docking',
  setup: ({ config, db, files, storage, access, jobs, clock, stepTools }) => {
    stepTools.add(dockingStepTools(files.repository));
    const results = new DockingRepository(db.kysely);
    const service = new DockingService(results, files.repository, storage, access, jobs);
    const screening = new ScreeningRepository(db.kysely, db.dialect);
    const screeningService = new ScreeningService(screening, storage, access, jobs, service, clock);
    return {
      routes: [
        { prefix: '/v1', plugin: dockingRoutes(service) },
        { prefix: '/v1', plugin: screeningRoutes(screeningService) },
      ],
      executors: {
        [DOCKING_JOB_TYPE]: dockingExecutor({ results, files: files.repository, storage, clock }),
        [SCREENING_JOB_TYPE]: screeningExecutor({
          screening,
          files: files.repository,
          storage,
          clock,
          mode: config.screenChunks,
          parallel: config.screenParallel,
          slurm: {
            tasks: config.screenSlurmTasks,
            chunkSize: config.workerChunkSize,
            partition: config.screenSlurmPartition,
            logDir: config.screenSlurmLogDir,
          },
          claimTimeoutMs: config.screenClaimTimeoutSeconds * 1000,
        }),
      },
    };
  },
});
