import { DensityMesh, DensityMeshRequest, DensityPlyRequest, DensityPlyResult } from '@medx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http/envelope';
import { requireAuth } from '../../http/request-context';
import type { DensityService } from './density.service';

const tags = ['files'];
const security = [{ token: [] }];

/** /v1/files/density_mesh (ours: the spec's "build electron density") and /v1/files/ccp4_to_ply (spec §7). */
export function densityRoutes(density: DensityService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/density_mesh',
      {
        schema: {
          tags,
          security,
          description:
            "Electron-density isosurface of a CCP4/MRC map at mean + level × sigma, carved to `carve` Å around the residues of resn_list ('A:GLU121', 'GLU121', 'A:121', '121' or a residue name). Reading the project is enough.",
          body: DensityMeshRequest,
          response: responses(DensityMesh),
        },
      },
      async (req) => ok(req, await density.mesh(requireAuth(req), req.body)),
    );
    app.post(
      '/ccp4_to_ply',
      {
        schema: {
          tags,
          security,
          description: 'The same mesh stored as an ASCII PLY file of the project (a write).',
          body: DensityPlyRequest,
          response: responses(DensityPlyResult),
        },
      },
      async (req) => ok(req, await density.toPly(requireAuth(req), req.body)),
    );
  };
}
