import { idParam } from '@medx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../http/app-error';
import { requireAuth } from '../../http/request-context';
import type { VolumeStreamingService } from './volume-streaming.service';

const tags = ['files'];
const security = [{ token: [] }];

const Params = z.object({ id: idParam, source: z.string().max(32), fileId: idParam });
const BoxParams = Params.extend({ a: z.string().max(200), b: z.string().max(200) });
const Query = z.object({ detail: z.coerce.number().int().min(0).max(10).default(0) });

/** 'x,y,z' of finite numbers (Mol*'s client rounds them to 0.001 Å). */
export function parseCorner(text: string): [number, number, number] {
  const parts = text.split(',').map((p) => (p.trim() === '' ? Number.NaN : Number(p)));
  if (parts.length !== 3 || !parts.every(Number.isFinite)) {
    throw badRequest('volumeStreamingBadBox', { detail: `'${text.slice(0, 40)}' is not x,y,z` });
  }
  return parts as [number, number, number];
}

/**
 * Mol*'s volume-server API for a project's maps under `/v1/projects/{id}/volume-server` (the
 * client's server address): `/{source}/{fileId}` the header JSON, `/box/{a}/{b}` and `/cell`
 * BinaryCIF. These answers are Mol*'s formats, not the API envelope; refusals are the envelope.
 */
export function volumeStreamingRoutes(streaming: VolumeStreamingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/:id/volume-server/:source/:fileId',
      {
        schema: {
          tags,
          security,
          description:
            "Mol*'s volume-server header (JSON, not the envelope) of a CCP4/MRC map of the project, packed by Mol*'s volume server on first use. Source 'em' (one map); reading the project is enough.",
          params: Params,
        },
      },
      async (req, reply) => {
        const { id, source, fileId } = req.params;
        const header = await streaming.header(requireAuth(req), id, source, fileId);
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('cache-control', 'private, no-store')
          .send(header);
      },
    );
    app.get(
      '/:id/volume-server/:source/:fileId/box/:a/:b',
      {
        schema: {
          tags,
          security,
          description:
            "Mol*'s volume-server box query (BinaryCIF): the map's values in the Cartesian box a = 'x,y,z' to b = 'x,y,z' (Å) at a detail level.",
          params: BoxParams,
          querystring: Query,
        },
      },
      async (req, reply) => {
        const { id, source, fileId, a, b } = req.params;
        const data = await streaming.query(requireAuth(req), id, source, fileId, {
          box: { a: parseCorner(a), b: parseCorner(b) },
          detail: req.query.detail,
        });
        return reply
          .header('content-type', 'application/octet-stream')
          .header('cache-control', 'private, no-store')
          .send(data);
      },
    );
    app.get(
      '/:id/volume-server/:source/:fileId/cell',
      {
        schema: {
          tags,
          security,
          description: "Mol*'s volume-server whole-cell query (BinaryCIF) at a detail level.",
          params: Params,
          querystring: Query,
        },
      },
      async (req, reply) => {
        const { id, source, fileId } = req.params;
        const data = await streaming.query(requireAuth(req), id, source, fileId, {
          box: null,
          detail: req.query.detail,
        });
        return reply
          .header('content-type', 'application/octet-stream')
          .header('cache-control', 'private, no-store')
          .send(data);
      },
    );
  };
}
