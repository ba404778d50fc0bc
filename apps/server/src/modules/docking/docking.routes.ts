import {
  DockingIdParams,
  DockingRequest,
  DockingResultList,
  DockingResultQuery,
  DockingSubmitResult,
} from '@medx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http/envelope';
import { requireAuth } from '../../http/request-context';
import type { DockingService } from './docking.service';

const tags = ['docking'];
const security = [{ token: [] }];

/** Docking calls (spec §7): submit, rerun, and results by project or by job. Mounted at /v1. */
export function dockingRoutes(docking: DockingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/jobs/docking',
      { schema: { tags, security, body: DockingRequest, response: responses(DockingSubmitResult) } },
      async (req) => ok(req, { job_id: await docking.submit(requireAuth(req), req.body) }, 'submitSuccess'),
    );
    app.post(
      '/jobs/:id/rerun',
      {
        schema: {
          tags,
          security,
          params: DockingIdParams,
          response: responses(DockingSubmitResult),
          description: 'Runs a docking job again from its provenance: same inputs, parameters and seed.',
        },
      },
      async (req) => ok(req, { job_id: await docking.rerun(requireAuth(req), req.params.id) }, 'submitSuccess'),
    );
    app.get(
      '/jobs/:id/docking_result',
      {
        schema: {
          tags,
          security,
          params: DockingIdParams,
          querystring: DockingResultQuery.omit({ job_id: true }),
          response: responses(DockingResultList),
        },
      },
      async (req) => ok(req, await docking.jobResults(requireAuth(req), req.params.id, req.query)),
    );
    app.get(
      '/projects/:id/docking_result',
      {
        schema: {
          tags,
          security,
          params: DockingIdParams,
          querystring: DockingResultQuery,
          response: responses(DockingResultList),
        },
      },
      async (req) => ok(req, await docking.projectResults(requireAuth(req), req.params.id, req.query)),
    );
  };
}
