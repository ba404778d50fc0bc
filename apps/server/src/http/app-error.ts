import type { MessageKey } from '@medx/contract';

/** An expected failure: an HTTP status and a catalogue message, rendered in the caller's language. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

export const badRequest = (key: MessageKey, params?: Record<string, string | number>) => new AppError(400, key, params);
export const unauthorized = () => new AppError(401, 'sessionExpired');
export const forbidden = (key: MessageKey = 'forbidden') => new AppError(403, key);
export const notFound = (key: MessageKey = 'notFound', params?: Record<string, string | number>) =>
  new AppError(404, key, params);
export const tooMany = (key: MessageKey, params?: Record<string, string | number>) => new AppError(429, key, params);
