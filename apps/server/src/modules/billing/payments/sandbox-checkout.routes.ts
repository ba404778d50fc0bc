import { formatFen } from '@medx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SandboxPaymentProvider } from './sandbox-provider';
import { SANDBOX_SIGNATURE_HEADER } from './sandbox-signature';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const refParam = z.object({ ref: z.string().regex(/^cs_[0-9a-f]{32}$/) });

function page(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox checkout · 沙盒收银台</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#f3f4f6;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center;color:#111827}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(0,0,0,.08);padding:32px;max-width:420px;width:100%}
.banner{background:#fef3c7;color:#92400e;border:1px solid #fcd34d;border-radius:8px;padding:10px 12px;font-size:14px;margin-bottom:20px}
h1{font-size:20px;margin:0 0 4px}.amount{font-size:32px;font-weight:700;margin:16px 0}.muted{color:#6b7280;font-size:14px}
form{display:inline}button{font-size:15px;border-radius:8px;padding:10px 18px;border:1px solid #d1d5db;background:#fff;cursor:pointer;margin:4px 8px 0 0}
button.pay{background:#1677ff;color:#fff;border-color:#1677ff}
</style></head><body><main>${body}</main></body></html>`;
}

/**
 * The sandbox provider's hosted checkout (/sandbox-pay/{ref}): a page outside the app, as
 * a real provider's would be, clearly marked as a sandbox. Its buttons close the session,
 * send the signed callback to /v1/payments/webhook/sandbox through the HTTP stack (the
 * same path a remote provider's request takes) and send the browser back to the app.
 */
export function sandboxCheckoutRoutes(sandbox: SandboxPaymentProvider): FastifyPluginAsyncZod {
  return async (app) => {
    // The page's buttons are plain HTML forms: no script runs on it.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
      done(null, {}),
    );
    app.get('/:ref', { schema: { hide: true, params: refParam } }, async (req, reply) => {
      const session = await sandbox.findSession(req.params.ref);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!session) {
        return reply.status(404).send(page('<h1>Checkout not found</h1><p class="muted">该收银台不存在。</p>'));
      }
      const ref = escapeHtml(session.ref);
      const open = session.status === 'open';
      const actions = open
        ? `<form method="post" action="/sandbox-pay/${ref}/pay"><button class="pay" type="submit" data-testid="sandbox-pay">Pay · 支付</button></form>
<form method="post" action="/sandbox-pay/${ref}/cancel"><button type="submit" data-testid="sandbox-cancel">Cancel · 取消</button></form>
<form method="post" action="/sandbox-pay/${ref}/fail"><button type="submit" data-testid="sandbox-fail">Simulate a failed payment · 模拟支付失败</button></form>`
        : `<p class="muted" data-testid="sandbox-closed">This checkout is closed (${escapeHtml(session.status)}). 此收银台已关闭。</p>
<p><a href="${escapeHtml(session.return_url)}">Back to MedX Workbench · 返回</a></p>`;
      return reply.send(
        page(`<div class="banner" data-testid="sandbox-banner"><strong>SANDBOX</strong>: no real money moves. This page stands in for a payment provider's hosted checkout. <br><strong>沙盒</strong>：不会产生真实扣款，本页面模拟支付服务商的收银台。</div>
<h1>${escapeHtml(session.description)}</h1>
<p class="muted">Order ${escapeHtml(session.order_no)}</p>
<div class="amount" data-testid="sandbox-amount">${formatFen(Number(session.amount_fen))}</div>
${actions}`),
      );
    });
    app.post(
      '/:ref/:action',
      { schema: { hide: true, params: refParam.extend({ action: z.enum(['pay', 'cancel', 'fail']) }) } },
      async (req, reply) => {
        const result = await sandbox.act(req.params.ref, req.params.action);
        if (!result)
          return reply.status(404).type('text/html; charset=utf-8').send(page('<h1>Checkout not found</h1>'));
        if ('body' in result) {
          const delivered = await app.inject({
            method: 'POST',
            url: `/v1/payments/webhook/${sandbox.name}`,
            headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: result.signature },
            payload: result.body,
          });
          if (delivered.statusCode !== 200) {
            req.log.error({ status: delivered.statusCode, body: delivered.body }, 'the sandbox callback was refused');
          }
        }
        return reply.redirect(result.returnUrl, 303);
      },
    );
  };
}
