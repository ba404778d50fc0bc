import {
  AdminAdjustment,
  AdminInstance,
  AdminInstanceList,
  AdminInstanceQuery,
  AdminOrderList,
  AdminOrderQuery,
  AdminSystem,
  AdminUser,
  AdminUserList,
  AdminUserQuery,
  AdminUserUpdate,
  idParam,
  LedgerList,
  LedgerQuery,
} from '@medx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../http/envelope';
import { requireAuth } from '../../http/request-context';
import type { AdminAccountsService } from './admin-accounts.service';

const tags = ['admin'];
const security = [{ token: [] }];
const params = z.object({ id: idParam });

/** /v1/admin (admins only): users, adjustments, orders, instances, the system view. */
export function adminAccountsRoutes(admin: AdminAccountsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users',
      { schema: { tags, security, querystring: AdminUserQuery, response: responses(AdminUserList) } },
      async (req) => ok(req, await admin.users(requireAuth(req), req.query)),
    );
    app.put(
      '/users/:id',
      { schema: { tags, security, params, body: AdminUserUpdate, response: responses(AdminUser) } },
      async (req) => ok(req, await admin.updateUser(requireAuth(req), req.params.id, req.body), 'updateSuccessful'),
    );
    app.post(
      '/users/:id/adjust',
      { schema: { tags, security, params, body: AdminAdjustment, response: responses(AdminUser) } },
      async (req) => ok(req, await admin.adjust(requireAuth(req), req.params.id, req.body), 'adjustmentSaved'),
    );
    app.get(
      '/users/:id/ledger',
      { schema: { tags, security, params, querystring: LedgerQuery, response: responses(LedgerList) } },
      async (req) => ok(req, await admin.ledger(requireAuth(req), req.params.id, req.query)),
    );
    app.get(
      '/orders',
      { schema: { tags, security, querystring: AdminOrderQuery, response: responses(AdminOrderList) } },
      async (req) => ok(req, await admin.orders(requireAuth(req), req.query)),
    );
    app.get(
      '/instances',
      { schema: { tags, security, querystring: AdminInstanceQuery, response: responses(AdminInstanceList) } },
      async (req) => ok(req, await admin.instanceList(requireAuth(req), req.query)),
    );
    app.post(
      '/instances/:id/stop',
      { schema: { tags, security, params, response: responses(AdminInstance) } },
      async (req) => ok(req, await admin.stopInstance(requireAuth(req), req.params.id), 'instanceStopped'),
    );
    app.get('/system', { schema: { tags, security, response: responses(AdminSystem) } }, async (req) =>
      ok(req, await admin.system(requireAuth(req))),
    );
  };
}
