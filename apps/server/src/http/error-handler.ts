import { isMessageKey, type MessageKey, normalizeLang } from '@medx/contract';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error';
import { sendFailure } from './envelope';

/** A zod issue as fastify-type-provider-zod hands it over (the issue's own fields in `params`). */
export interface ValidationIssue {
  message: string;
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

export interface ValidationMessage {
  key: MessageKey;
  params: Record<string, string | number>;
}

/**
 * Keys that say only "something is wrong" ('Invalid value', 'This field is required', 'Text is
 * too long.'). A schema may use them as its message; the answer then names the field and the
 * reason instead (messages-validation.ts). Every other key is a text of its own (the spec's
 * 'Please select a protein.'...) and is answered as it is.
 */
const GENERIC_KEYS: ReadonlySet<MessageKey> = new Set(['invalidValue', 'fieldRequired', 'textTooLong']);

/** Where a request's refused part lives, for a refusal of the whole part (path []). */
const PART_NAMES: Readonly<Record<string, string>> = { body: 'body', querystring: 'query', params: 'path' };

/** 'pocket.center_x', 'ligand_ids[0]': the path of a field as the request spells it. */
export function fieldName(instancePath: string, part = 'body'): string {
  const segments = instancePath.split('/').filter((s) => s !== '');
  if (segments.length === 0) return PART_NAMES[part] ?? part;
  return segments.reduce((name, s) => (/^\d+$/.test(s) ? `${name}[${s}]` : name ? `${name}.${s}` : s), '');
}

// --- the field's bounds, read from its schema, so a range is said whole ("between 1 and 128") ---

interface Bounds {
  min?: { value: number; inclusive: boolean };
  max?: { value: number; inclusive: boolean };
}

interface ZodLike {
  _zod?: { def?: Record<string, unknown> };
}
const defOf = (schema: unknown) => (schema as ZodLike | undefined)?._zod?.def;

/** The schema of the field at `path` inside `schema` (through optional, default, pipe, array), or undefined. */
function schemaAt(schema: unknown, path: readonly string[]): unknown {
  let current = schema;
  let rest = [...path];
  for (let guard = 0; guard < 64 && current; guard++) {
    const def = defOf(current);
    if (!def) return undefined;
    const type = def.type;
    if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(String(type))) {
      current = def.innerType;
    } else if (type === 'pipe') {
      current = def.in;
    } else if (rest.length === 0) {
      return current;
    } else if (type === 'object') {
      const shape = def.shape as Record<string, unknown> | undefined;
      const [key, ...more] = rest;
      current = key !== undefined && shape && Object.hasOwn(shape, key) ? shape[key] : undefined;
      rest = more;
    } else if (type === 'array') {
      current = def.element;
      rest = rest.slice(1);
    } else {
      return undefined;
    }
  }
  return undefined;
}

/** The explicit min and max checks of a number schema. */
function boundsOf(schema: unknown): Bounds {
  const bounds: Bounds = {};
  const checks = (defOf(schema)?.checks as unknown[] | undefined) ?? [];
  for (const check of checks) {
    const def = defOf(check);
    if (!def || typeof def.value !== 'number') continue;
    const bound = { value: def.value, inclusive: def.inclusive === true };
    if (def.check === 'greater_than') bounds.min = bound;
    if (def.check === 'less_than') bounds.max = bound;
  }
  return bounds;
}

const show = (value: unknown) => (typeof value === 'number' || typeof value === 'bigint' ? String(value) : '?');

const TYPE_KEYS: Readonly<Record<string, MessageKey>> = {
  number: 'validationNotNumber',
  int: 'validationNotInteger',
  string: 'validationNotText',
  boolean: 'validationNotBoolean',
  array: 'validationNotList',
  object: 'validationNotObject',
};

/**
 * A number out of range. When the bound crossed is one the schema states, and the schema
 * states both ends, the whole range is said ("between 1 and 128"); zod's own safe-integer
 * limit (2^53) gives way to the schema's bounds.
 */
function rangeMessage(issue: ValidationIssue, fieldSchema: unknown): { key: MessageKey; min?: number; max?: number } {
  const p = issue.params;
  const small = issue.keyword === 'too_small';
  const { min, max } = boundsOf(fieldSchema);
  const crossed = small ? min : max;
  const safeIntegerLimit = p.note !== undefined;
  const stated =
    crossed !== undefined &&
    (safeIntegerLimit ||
      (crossed.value === Number(small ? p.minimum : p.maximum) && crossed.inclusive === (p.inclusive !== false)));
  if (stated && min && max && max.inclusive) {
    return { key: min.inclusive ? 'validationBetween' : 'validationAboveAtMost', min: min.value, max: max.value };
  }
  const bound =
    stated && crossed ? crossed : { value: Number(small ? p.minimum : p.maximum), inclusive: p.inclusive !== false };
  if (small) return { key: bound.inclusive ? 'validationAtLeast' : 'validationAbove', min: bound.value };
  return { key: bound.inclusive ? 'validationAtMost' : 'validationBelow', max: bound.value };
}

/** What is wrong with the field, from the issue's code (zod 4 issue codes). */
function describe(issue: ValidationIssue, fieldSchema: unknown): { key: MessageKey; extra: Record<string, string> } {
  const p = issue.params;
  // A field the request does not carry is missing, whatever rule the schema checked first.
  if (p.input === undefined && issue.keyword !== 'unrecognized_keys') return { key: 'validationRequired', extra: {} };
  switch (issue.keyword) {
    case 'invalid_type':
      return { key: TYPE_KEYS[String(p.expected)] ?? 'validationWrongType', extra: {} };
    case 'too_small':
    case 'too_big': {
      const origin = String(p.origin);
      if (origin === 'array' || origin === 'set') {
        return issue.keyword === 'too_small'
          ? { key: 'validationFewItems', extra: { min: show(p.minimum) } }
          : { key: 'validationManyItems', extra: { max: show(p.maximum) } };
      }
      if (origin === 'string') {
        if (issue.keyword === 'too_big') return { key: 'validationLongText', extra: { max: show(p.maximum) } };
        return Number(p.minimum) <= 1
          ? { key: 'validationEmptyText', extra: {} }
          : { key: 'validationShortText', extra: { min: show(p.minimum) } };
      }
      const r = rangeMessage(issue, fieldSchema);
      return {
        key: r.key,
        extra: {
          ...(r.min !== undefined ? { min: show(r.min) } : {}),
          ...(r.max !== undefined ? { max: show(r.max) } : {}),
        },
      };
    }
    case 'invalid_value': {
      const values = Array.isArray(p.values) ? p.values.map((v) => JSON.stringify(v)).join(', ') : '';
      return values ? { key: 'validationOneOf', extra: { values } } : { key: 'validationInvalid', extra: {} };
    }
    case 'invalid_format':
      return { key: 'validationFormat', extra: {} };
    case 'unrecognized_keys':
      return { key: 'validationUnknownField', extra: {} };
    default:
      return { key: 'validationInvalid', extra: {} };
  }
}

/**
 * The message of a refused request (its first problem): a schema's own catalogue key as it
 * is, or for the generic ones, the field's path and what is wrong with it.
 * `schema` (the route's schema of that part) lets a range be said whole.
 */
export function validationMessage(
  issues: readonly ValidationIssue[],
  part = 'body',
  schema?: unknown,
  request?: { body?: unknown; query?: unknown; params?: unknown },
): ValidationMessage {
  const first = issues[0];
  if (!first) return { key: 'invalidValue', params: {} };
  if (isMessageKey(first.message) && !GENERIC_KEYS.has(first.message)) return { key: first.message, params: {} };
  const path = first.instancePath.split('/').filter((s) => s !== '');
  // An unknown field is named itself, not the object it was found in.
  const unknown =
    first.keyword === 'unrecognized_keys' && Array.isArray(first.params.keys) ? first.params.keys[0] : null;
  const field = fieldName(unknown === null ? first.instancePath : `${first.instancePath}/${String(unknown)}`, part);
  const sent = part === 'querystring' ? request?.query : part === 'params' ? request?.params : request?.body;
  const input = Object.hasOwn(first.params, 'input') ? first.params.input : valueAt(sent, path);
  const issue = { ...first, params: { ...first.params, input } };
  const { key, extra } = describe(issue, schemaAt(schema, path));
  return { key, params: { field, ...extra } };
}

/** The value the request carried at `path` (undefined when absent). */
function valueAt(root: unknown, path: readonly string[]): unknown {
  let current = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function routeSchema(request: FastifyRequest, part: string): unknown {
  const schema = request.routeOptions?.schema as Record<string, unknown> | undefined;
  return schema?.[part];
}

/** Every failure leaves as the envelope {success:false, msg, data:null} in the caller's language. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = request.lang ?? normalizeLang(request.headers['accept-language']);
    if (error instanceof AppError) return sendFailure(reply, error.statusCode, lang, error.key, error.params);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = error.validationContext ?? 'body';
      const { key, params } = validationMessage(
        error.validation as unknown as ValidationIssue[],
        part,
        routeSchema(request, part),
        request,
      );
      // A malformed id (e.g. /v1/projects/abc) names nothing: 404 with its "Not found." text.
      return sendFailure(reply, key === 'notFound' ? 404 : 400, lang, key, params);
    }
    if (error.statusCode === 429) return sendFailure(reply, 429, lang, 'rateLimited');
    if (error.statusCode === 413) return sendFailure(reply, 413, lang, 'payloadTooLarge');
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return sendFailure(reply, 400, lang, 'requestBodyNotJson');
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return sendFailure(reply, 415, lang, 'requestContentType');
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Anything else Fastify refuses before a route runs (a bad Content-Length...): its own reason.
      return sendFailure(reply, error.statusCode, lang, 'requestMalformed', { reason: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendFailure(reply, 500, lang, 'internalError');
  });
}
