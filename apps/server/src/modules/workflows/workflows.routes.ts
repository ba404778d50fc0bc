import { WorkflowJobList, WorkflowJobListQuery } from '@medx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http/envelope';
import { requireAuth } from '../../http/request-context';
import type { WorkflowsService } from './workflows.service';

const tags = ['workflows'];
const security = [{ token: [] }];

/** Workflow routes under /v1/jobs (the Jobs dialog's Workflow tab); thin over WorkflowsService. */
export function workflowsRoutes(workflows: WorkflowsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/workflow',
      {
        schema: {
          tags,
          security,
          description: 'Workflow jobs of a project, newest first (an empty page until workflows can run).',
          querystring: WorkflowJobListQuery,
          response: responses(WorkflowJobList),
        },
      },
      async (req) => ok(req, await workflows.listJobs(requireAuth(req), req.query)),
    );
  };
}
