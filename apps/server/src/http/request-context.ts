import { type Lang, normalizeLang } from '@medx/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema';
import { unauthorized } from './app-error';

export interface AuthContext {
  user: UserRow;
  sessionId: number;
}

/** Who a `token` header belongs to (the users module's SessionService answers it). */
export interface SessionResolver {
  resolve(token: string): Promise<AuthContext | null>;
}

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
    auth: AuthContext | null;
  }
}

/**
 * Language from Accept-Language (zh… → zh-CN, else en) and the session from the
 * `token` header. A bad token does not fail public routes; `requireAuth` turns
 * its absence into HTTP 401 on the routes that need a user.
 */
export function registerRequestContext(app: FastifyInstance, sessions: SessionResolver): void {
  app.decorateRequest('lang', 'en');
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    request.lang = normalizeLang(request.headers['accept-language']);
    const token = request.headers.token;
    request.auth = typeof token === 'string' && token ? await sessions.resolve(token) : null;
  });
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
