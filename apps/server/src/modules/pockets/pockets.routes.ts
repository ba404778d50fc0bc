import {
  DetectPocketsRequest,
  DetectPocketsResult,
  DockingPocket,
  LigandPocketRequest,
  ResiduePocketRequest,
} from '@medx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http/envelope';
import { requireAuth } from '../../http/request-context';
import type { PocketsService } from './pockets.service';

const tags = ['docking'];
const security = [{ token: [] }];

/** /v1/docking/pocket/ligand, /v1/docking/pocket/residues, /v1/docking/pockets/detect (paths are ours). */
export function pocketsRoutes(pockets: PocketsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/pocket/ligand',
      {
        schema: {
          tags,
          security,
          description: "Box around a ligand file's heavy atoms: centre = midpoint, size = extent + 2 × padding (Å).",
          body: LigandPocketRequest,
          response: responses(DockingPocket),
        },
      },
      async (req) => ok(req, await pockets.aroundLigand(requireAuth(req), req.body)),
    );
    app.post(
      '/pocket/residues',
      {
        schema: {
          tags,
          security,
          description:
            "Box around residues ('45 67 A:121', space-separated): their heavy atoms' extent, each size + 2 × cutoff (spec §5).",
          body: ResiduePocketRequest,
          response: responses(DockingPocket),
        },
      },
      async (req) => ok(req, await pockets.aroundResidues(requireAuth(req), req.body)),
    );
    app.post(
      '/pockets/detect',
      {
        schema: {
          tags,
          security,
          description: 'Ranked cavities found by a LIGSITE-style buriedness scan, each with its box.',
          body: DetectPocketsRequest,
          response: responses(DetectPocketsResult),
        },
      },
      async (req) => ok(req, { pockets: await pockets.detect(requireAuth(req), req.body) }),
    );
  };
}
