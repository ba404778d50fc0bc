import { QuotaUsage, SetStorageQuotaRequest } from '@medx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http/envelope';
import { requireAuth } from '../../http/request-context';
import type { QuotasService } from './quotas.service';

const tags = ['quotas'];
const security = [{ token: [] }];

/** /v1/quotas: the caller's usage and limits; an admin's storage quota per user. Thin over QuotasService. */
export function quotasRoutes(quotas: QuotasService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/',
      {
        schema: {
          tags,
          security,
          description:
            'Storage (bytes: files of the projects you created plus unfinished uploads), projects and active jobs, each with its limit.',
          response: responses(QuotaUsage),
        },
      },
      async (req) => ok(req, await quotas.usage(requireAuth(req).user.id)),
    );
    app.put(
      '/storage',
      {
        schema: {
          tags,
          security,
          description:
            "Admins (the Admin Panel permission): sets a user's storage quota in MB; null returns it to the default of the user's type.",
          body: SetStorageQuotaRequest,
          response: responses(QuotaUsage),
        },
      },
      async (req) => ok(req, await quotas.setStorageQuota(requireAuth(req), req.body), 'updateSuccessful'),
    );
  };
}
