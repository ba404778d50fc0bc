import { isMessageKey, type MessageKey, normalizeLang } from '@medx/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error';
import { sendFailure } from './envelope';

interface ValidationIssue {
  message: string;
  keyword: string;
  params: { input?: unknown };
}

/** The first problem of a rejected request, as a catalogue key (schemas use keys as messages). */
function validationKey(issues: ValidationIssue[]): MessageKey {
  const first = issues[0];
  if (!first) return 'invalidValue';
  if (isMessageKey(first.message)) return first.message;
  if (first.keyword === 'invalid_type' && first.params.input === undefined) return 'fieldRequired';
  return 'invalidValue';
}

/** Every failure leaves as the envelope {success:false, msg, data:null} in the caller's language. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = request.lang ?? normalizeLang(request.headers['accept-language']);
    if (error instanceof AppError) return sendFailure(reply, error.statusCode, lang, error.key, error.params);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const key = validationKey(error.validation as unknown as ValidationIssue[]);
      // A malformed id (e.g. /v1/projects/abc) names nothing: 404 with its "Not found." text.
      return sendFailure(reply, key === 'notFound' ? 404 : 400, lang, key);
    }
    if (error.statusCode === 429) return sendFailure(reply, 429, lang, 'rateLimited');
    if (error.statusCode === 413) return sendFailure(reply, 413, lang, 'payloadTooLarge');
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, wrong content type and the like.
      return sendFailure(reply, error.statusCode, lang, 'invalidValue');
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendFailure(reply, 500, lang, 'internalError');
  });
}
