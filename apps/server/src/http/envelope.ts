import { envelope, type Lang, type MessageKey, translate } from '@medx/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/** Response schemas for OpenAPI and serialization: 200 with data, 4xx with data null. */
export function responses<T extends z.ZodType>(data: T) {
  const failure = envelope(z.null());
  return {
    200: envelope(data),
    400: failure,
    401: failure,
    402: failure,
    403: failure,
    404: failure,
    409: failure,
    429: failure,
  };
}

export function ok<T>(request: FastifyRequest, data: T, key: MessageKey = 'ok') {
  return { success: true as const, msg: translate(key, request.lang), data };
}

export function sendFailure(
  reply: FastifyReply,
  status: number,
  lang: Lang,
  key: MessageKey,
  params?: Record<string, string | number>,
) {
  return reply.status(status).send({ success: false, msg: translate(key, lang, params), data: null });
}
