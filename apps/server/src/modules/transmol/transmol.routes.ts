import {
  DockingSubmitResult,
  TransMolIdParams,
  TransMolLigandsRequest,
  TransMolLigandsResult,
  TransMolRequest,
  TransMolResultList,
  TransMolResultQuery,
} from '@medx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http/envelope';
import { requireAuth } from '../../http/request-context';
import type { TransMolService } from './transmol.service';

const tags = ['transmol'];
const security = [{ token: [] }];

/** TransMol calls (spec §7 and ours for generate → dock). Mounted at /v1. */
export function transmolRoutes(transmol: TransMolService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/jobs/transmol',
      { schema: { tags, security, body: TransMolRequest, response: responses(DockingSubmitResult) } },
      async (req) => ok(req, { job_id: await transmol.submit(requireAuth(req), req.body) }, 'submitSuccess'),
    );
    app.get(
      '/projects/:id/transmol_result',
      {
        schema: {
          tags,
          security,
          params: TransMolIdParams,
          querystring: TransMolResultQuery,
          response: responses(TransMolResultList),
          description: "One TransMol job's molecules (the project's latest finished one unless job_id is given).",
        },
      },
      async (req) => ok(req, await transmol.projectResults(requireAuth(req), req.params.id, req.query)),
    );
    app.post(
      '/jobs/:id/transmol_ligands',
      {
        schema: {
          tags,
          security,
          params: TransMolIdParams,
          body: TransMolLigandsRequest,
          response: responses(TransMolLigandsResult),
          description: 'The chosen molecules (by rank) as one 3D SDF project file, ready for docking.',
        },
      },
      async (req) => ok(req, await transmol.ligands(requireAuth(req), req.params.id, req.body)),
    );
  };
}
