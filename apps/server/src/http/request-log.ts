import type { FastifyInstance } from 'fastify';

/** A request slower than this is logged at `info` even when it succeeded. */
const SLOW_MS = 1000;

/**
 * One log line per answer, at a level that follows what happened: server errors at
 * `error`, refusals and slow answers at `info`, the rest at `debug`. Fastify's own
 * request logging writes two `info` lines for every request, which under load was a
 * measurable share of the server's time for listing calls (bench:api); a reverse proxy
 * keeps the full access log where one is wanted, and LOG_LEVEL=debug restores it here.
 */
export function registerRequestLog(http: FastifyInstance): void {
  http.addHook('onResponse', async (request, reply) => {
    const ms = reply.elapsedTime;
    const line = { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(ms) };
    if (reply.statusCode >= 500) request.log.error(line, 'request failed');
    else if (reply.statusCode >= 400 || ms > SLOW_MS) request.log.info(line, 'request answered');
    else request.log.debug(line, 'request answered');
  });
}
