import {
  BillingAccount,
  Instance,
  InstanceOrderRequest,
  idParam,
  LedgerList,
  LedgerQuery,
  LevelSpec,
  Order,
  OrderList,
  OrderQuery,
  orderNoParam,
  RechargeCheckout,
  RechargeRequest,
} from '@medx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Config, publicOrigin } from '../../config';
import { ok, responses } from '../../http/envelope';
import { requireAuth } from '../../http/request-context';
import type { BillingService } from './billing.service';
import type { InstancesService } from './instances.service';

const tags = ['billing'];
const security = [{ token: [] }];
const orderParams = z.object({ order_no: orderNoParam });

/** /v1/billing: levels, the caller's account, ledger, orders, recharges and instances. Thin over the services. */
export function billingRoutes(
  billing: BillingService,
  instances: InstancesService,
  config: Config,
): FastifyPluginAsyncZod {
  return async (app) => {
    // The activation and expiry ticker stops with the server.
    app.addHook('onClose', () => instances.stop());
    app.get('/levels', { schema: { tags, security, response: responses(z.array(LevelSpec)) } }, async (req) => {
      requireAuth(req);
      return ok(req, [...billing.levels()]);
    });
    app.get('/account', { schema: { tags, security, response: responses(BillingAccount) } }, async (req) =>
      ok(req, await billing.account(requireAuth(req))),
    );
    app.get(
      '/ledger',
      { schema: { tags, security, querystring: LedgerQuery, response: responses(LedgerList) } },
      async (req) => ok(req, await billing.ledger(requireAuth(req).user.id, req.query)),
    );
    app.get(
      '/orders',
      { schema: { tags, security, querystring: OrderQuery, response: responses(OrderList) } },
      async (req) => ok(req, await billing.orders(requireAuth(req), req.query)),
    );
    app.post(
      '/orders',
      { schema: { tags, security, body: InstanceOrderRequest, response: responses(Order) } },
      async (req) => ok(req, await billing.createInstanceOrder(requireAuth(req), req.body), 'orderCreated'),
    );
    app.post(
      '/orders/:order_no/pay',
      { schema: { tags, security, params: orderParams, response: responses(Order) } },
      async (req) => ok(req, await billing.payOrder(requireAuth(req), req.params.order_no), 'orderPaid'),
    );
    app.post(
      '/orders/:order_no/cancel',
      { schema: { tags, security, params: orderParams, response: responses(Order) } },
      async (req) => ok(req, await billing.cancelOrder(requireAuth(req), req.params.order_no), 'orderCanceled'),
    );
    app.post(
      '/recharges',
      { schema: { tags, security, body: RechargeRequest, response: responses(RechargeCheckout) } },
      async (req) =>
        ok(
          req,
          await billing.recharge(
            requireAuth(req),
            req.body.amount_fen,
            publicOrigin(config, `${req.protocol}://${req.host}`),
          ),
        ),
    );
    app.get('/instances', { schema: { tags, security, response: responses(z.array(Instance)) } }, async (req) =>
      ok(req, await instances.ofUser(requireAuth(req).user.id, false)),
    );
    app.post(
      '/instances/:id/stop',
      { schema: { tags, security, params: z.object({ id: idParam }), response: responses(Instance) } },
      async (req) => ok(req, await instances.stopOwn(requireAuth(req), req.params.id), 'instanceStopped'),
    );
  };
}
