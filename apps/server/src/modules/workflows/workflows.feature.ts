import { defineFeature } from '../../platform';
import { workflowsRoutes } from './workflows.routes';
import { WorkflowsService } from './workflows.service';

/** Workflows: for now the (empty) list of workflow jobs, GET /v1/jobs/workflow. */
export const workflowsFeature = defineFeature({
  name: 'workflows',
  setup: ({ access }) => ({
    routes: [{ prefix: '/v1/jobs', plugin: workflowsRoutes(new WorkflowsService(access)) }],
  }),
});
