import { PrepareLigandRequest, PrepareSubmitResult, QuickPrepareProteinRequest } from '@medx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http/envelope';
import { requireAuth } from '../../http/request-context';
import type { PreparationService } from './preparation.service';

const tags = ['jobs'];
const security = [{ token: [] }];

/** /v1/jobs/quick_prepare_protein and /v1/jobs/prepare_ligand: submit a job, answer its id. */
export function preparationRoutes(preparation: PreparationService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/quick_prepare_protein',
      {
        schema: {
          tags,
          security,
          description:
            'Cleans a protein (waters, hetero groups unless kept, alt-locs), adds missing heavy atoms (pdbfixer) and hydrogens at the pH. The job output is <name>_prepared.pdb; its report is GET /v1/jobs/{id}/file_detail.',
          body: QuickPrepareProteinRequest,
          response: responses(PrepareSubmitResult),
        },
      },
      async (req) => ok(req, { job_id: await preparation.submitProtein(requireAuth(req), req.body) }, 'submitSuccess'),
    );
    app.post(
      '/prepare_ligand',
      {
        schema: {
          tags,
          security,
          description:
            'Prepares every molecule of a ligand file separately: protonation at the pH, 3D for 2D/SMILES input, a short minimisation. Output <name>_prepared.sdf; one detail row per molecule.',
          body: PrepareLigandRequest,
          response: responses(PrepareSubmitResult),
        },
      },
      async (req) => ok(req, { job_id: await preparation.submitLigand(requireAuth(req), req.body) }, 'submitSuccess'),
    );
  };
}
