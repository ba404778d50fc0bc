import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer of the server (docs/decisions.md, "Security headers"): the
 * API's JSON, the web app's files and its index.html fallback, Swagger UI, and the tus uploads,
 * whose handler hijacks the reply. They are set on the raw response in the first onRequest hook,
 * so an answer that never goes through Fastify's reply (tus) still carries them; Fastify's own
 * headers are passed to writeHead, which Node merges over these, so an answer can still narrow
 * its policy (downloads below).
 */

type Policy = Record<string, readonly string[]>;

const serialize = (policy: Policy): string =>
  Object.entries(policy)
    .map(([directive, sources]) => [directive, ...sources].join(' '))
    .join('; ');

/** What no page of ours needs: plugins, <base>, being framed. */
const LOCKED: Policy = {
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/**
 * The web app (and every other answer's default). Checked against the built app (apps/web/dist):
 * no inline script, no eval-based code on its paths, no font file, no request to another origin
 * (Mol*'s download actions are removed; Get PDB goes through our API). The one WebAssembly and
 * the one worker are the 2D WorkSpace's: Indigo (Ketcher's chemistry engine) compiled in a module
 * worker that is one of our files.
 */
export const APP_POLICY = serialize({
  'default-src': ["'self'"],
  // Our bundle only, plus compiling WebAssembly: the 2D WorkSpace's Indigo (ketcher-standalone)
  // is a .wasm file of ours that the browser may only compile with 'wasm-unsafe-eval' (it allows
  // WebAssembly.instantiate, not eval or new Function).
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  // antd's CSS-in-JS writes <style> elements and both antd and Mol* set style attributes.
  'style-src': ["'self'", "'unsafe-inline'"],
  // data: Mol*'s CSS icons, depictions of molecules, CSV image cells, SVG images of the image
  // viewer; blob: Mol*'s snapshot thumbnails and textures, raster images of the image viewer.
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  // The API and tus uploads, same origin.
  'connect-src': ["'self'"],
  // Indigo's module worker (a file of ours); never a blob built at run time.
  'worker-src': ["'self'"],
  'form-action': ["'self'"],
  ...LOCKED,
});

/** Swagger UI (/v1/docs): its scripts are files (no inline script), its styles partly inline. */
export const DOCS_POLICY = serialize({
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  // data: the icons in swagger-ui.css.
  'img-src': ["'self'", 'data:'],
  // The API document (/v1/docs/json) and "Try it out".
  'connect-src': ["'self'"],
  'form-action': ["'self'"],
  ...LOCKED,
});

/**
 * A user's file or a job's export (an answer with Content-Disposition: attachment): never a page.
 * Should a browser render one anyway, it is a sandboxed document of an opaque origin with nothing
 * allowed: no script, no style, no request.
 */
export const USER_CONTENT_POLICY = serialize({ 'default-src': ["'none'"], sandbox: [], ...LOCKED });

const COMMON_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  // Nothing of ours reads the referrer; other sites get none (project ids and share ids stay here).
  'referrer-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

const isDocs = (url: string) => {
  const path = url.split('?', 1)[0] ?? '';
  return path === '/v1/docs' || path.startsWith('/v1/docs/');
};

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of Object.entries(COMMON_HEADERS)) raw.setHeader(name, value);
    raw.setHeader('content-security-policy', isDocs(request.url) ? DOCS_POLICY : APP_POLICY);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    const disposition = reply.getHeader('content-disposition');
    if (typeof disposition === 'string' && /^\s*attachment/i.test(disposition)) {
      reply.header('content-security-policy', USER_CONTENT_POLICY);
    }
    done(null, payload);
  });
}
