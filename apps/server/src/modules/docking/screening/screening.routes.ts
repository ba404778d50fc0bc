import {
  DockingIdParams,
  DockingSubmitResult,
  ScreeningExportQuery,
  ScreeningLigandDetail,
  ScreeningLigandList,
  ScreeningLigandParams,
  ScreeningLigandQuery,
  ScreeningRequest,
  ScreeningSummary,
} from '@medx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../../http/envelope';
import { requireAuth } from '../../../http/request-context';
import type { ScreeningService } from './screening.service';

const tags = ['screening'];
const security = [{ token: [] }];

/** Screening calls (issue 14; docs/decisions.md "Screening"). Mounted at /v1. */
export function screeningRoutes(screening: ScreeningService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/jobs/docking/library',
      {
        schema: {
          tags,
          security,
          body: ScreeningRequest,
          response: responses(DockingSubmitResult),
          description: 'Docks every molecule of a ligand library (a SCREENING job).',
        },
      },
      async (req) => ok(req, { job_id: await screening.submit(requireAuth(req), req.body) }, 'submitSuccess'),
    );
    app.get(
      '/jobs/:id/screening',
      { schema: { tags, security, params: DockingIdParams, response: responses(ScreeningSummary) } },
      async (req) => ok(req, await screening.summary(requireAuth(req), req.params.id)),
    );
    app.get(
      '/jobs/:id/screening/ligands',
      {
        schema: {
          tags,
          security,
          params: DockingIdParams,
          querystring: ScreeningLigandQuery,
          response: responses(ScreeningLigandList),
        },
      },
      async (req) => ok(req, await screening.ligands(requireAuth(req), req.params.id, req.query)),
    );
    app.get(
      '/jobs/:id/screening/ligands/:index',
      { schema: { tags, security, params: ScreeningLigandParams, response: responses(ScreeningLigandDetail) } },
      async (req) => ok(req, await screening.ligand(requireAuth(req), req.params.id, req.params.index)),
    );
    app.get(
      '/jobs/:id/screening/export',
      {
        schema: {
          tags,
          security,
          params: DockingIdParams,
          querystring: ScreeningExportQuery,
          description: 'The best N docked ligands passing the filters, as one SDF (poses) or a CSV.',
        },
      },
      async (req, reply) => {
        const { name, contentType, body } = await screening.export(requireAuth(req), req.params.id, req.query);
        return reply
          .header('content-type', contentType)
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'private, no-store')
          .send(body);
      },
    );
  };
}
