import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../../http/app-error';
import { ok, responses } from '../../../http/envelope';
import type { BillingService } from '../billing.service';
import type { PaymentProvider } from './payment-provider';

/**
 * /v1/payments/webhook/{provider}: the provider's signed callback. No session: the
 * signature over the exact bytes received is the authentication, so the body is kept
 * raw in this plugin (JSON is parsed only after the signature holds).
 */
export function paymentRoutes(billing: BillingService, provider: PaymentProvider): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    app.post(
      '/webhook/:provider',
      {
        schema: {
          tags: ['billing'],
          description: "A payment provider's signed callback (the sandbox: header medx-sandbox-signature).",
          params: z.object({ provider: z.string().max(32) }),
          response: responses(z.object({ result: z.enum(['applied', 'duplicate', 'ignored']) })),
        },
      },
      async (req) => {
        if (req.params.provider !== provider.name) throw notFound();
        const event = provider.verify(req.headers, typeof req.body === 'string' ? req.body : '');
        return ok(req, { result: await billing.applyPayment(provider.name, event) });
      },
    );
  };
}
