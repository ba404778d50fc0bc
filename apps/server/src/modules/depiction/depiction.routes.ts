import { Layout2dRequest, Layout2dResult } from '@medx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http/envelope';
import { requireAuth } from '../../http/request-context';
import type { DepictionService } from './depiction.service';

/** /v1/depiction/layout-2d (the path is ours). */
export function depictionRoutes(depiction: DepictionService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/layout-2d',
      {
        schema: {
          tags: ['depiction'],
          security: [{ token: [] }],
          description:
            "2D coordinates (RDKit) of a molecule graph, one [x, y] per atom in the order sent: the 2D interaction diagram's ligand layout.",
          body: Layout2dRequest,
          response: responses(Layout2dResult),
        },
      },
      async (req) => ok(req, await depiction.layout2d(requireAuth(req), req.body)),
    );
  };
}
