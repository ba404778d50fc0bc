import { TOOL_JOB_TYPE } from '@medx/contract';
import { defineFeature } from '../../platform';
import { toolExecutor } from './tool.executor';
import { catalogueOf } from './tool-admin';
import { catalogueStepTools } from './tool-steps';
import { ToolsRepository } from './tools.repository';
import { toolJobRoutes, toolsRoutes } from './tools.routes';
import { ToolsService } from './tools.service';

/** Galaxy tools: the catalogue, /v1/tools, POST /v1/jobs/tool and the TOOL executor. */
export const toolsFeature = defineFeature({
  name: 'tools',
  setup: ({ config, db, files, storage, access, jobs, clock, permissions, stepTools }) => {
    const catalogue = catalogueOf(config);
    stepTools.add(catalogueStepTools(catalogue));
    // Read the tools once the server runs, not at the first user's call (seconds of Python).
    jobs.onStarted(() => void catalogue.list().catch(() => {}));
    const repository = new ToolsRepository(db.kysely);
    const service = new ToolsService(catalogue, repository, files.repository, access, jobs, permissions, clock);
    return {
      routes: [
        { prefix: '/v1/tools', plugin: toolsRoutes(service) },
        { prefix: '/v1/jobs', plugin: toolJobRoutes(service) },
      ],
      executors: { [TOOL_JOB_TYPE]: toolExecutor({ catalogue, files: files.repository, storage }) },
    };
  },
});
