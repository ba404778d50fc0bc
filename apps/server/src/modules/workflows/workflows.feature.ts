import { defineFeature } from '../../platform';
import { ToolsRepository } from '../tools/tools.repository';
import { WorkflowEngine } from './workflow-engine';
import { WorkflowsRepository } from './workflows.repository';
import { workflowJobRoutes, workflowsRoutes } from './workflows.routes';
import { WorkflowsService } from './workflows.service';

/** Workflows: the catalogue and /v1/workflows, workflow jobs under /v1/jobs, and the engine that runs them. */
export const workflowsFeature = defineFeature({
  name: 'workflows',
  setup: ({ db, files, storage, access, jobs, clock, log, permissions, stepTools }) => {
    const repository = new WorkflowsRepository(db.kysely);
    const engine = new WorkflowEngine({ repository, stepTools, jobs, files: files.repository, storage, clock, log });
    const service = new WorkflowsService(
      repository,
      new ToolsRepository(db.kysely),
      files.repository,
      stepTools,
      engine,
      jobs,
      access,
      permissions,
      clock,
    );
    return {
      routes: [
        { prefix: '/v1/workflows', plugin: workflowsRoutes(service) },
        { prefix: '/v1/jobs', plugin: workflowJobRoutes(service) },
      ],
    };
  },
});
