import { type Envelope, LIMITS } from '@medx/contract';
import { currentLang, i18n } from '../i18n';
import { openLicencePopup } from '../lib/licence-popup';
import { expiryClear, getProjectId, getToken } from './session-store';
import { getUiBridge, toastError } from './ui-bridge';

/** Every call goes under this base; callers pass paths such as `/projects/3`. */
export const API_BASE = '/v1';

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  /** Do not show the error toast for `success: false` (the 401 and network toasts still show). */
  silent?: boolean;
  signal?: AbortSignal;
}

export type ApiFailure = Envelope<null>;

let expiring = false;

/** Spec §7: one session-expired toast, then clear and go to /login when it closes. */
function handleSessionExpired(): void {
  if (expiring) return;
  expiring = true;
  toastError(i18n.t('msg:sessionExpired'), () => {
    expiryClear();
    getUiBridge()?.navigate('/login', { replace: true });
    expiring = false;
  });
}

/**
 * The spec's request time-out (600000 ms) combined with the caller's own abort signal:
 * one signal for fetch, whether the time-out fired, and the clean-up.
 */
function requestDeadline(outer?: AbortSignal) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, LIMITS.requestTimeoutMs);
  const onOuterAbort = () => controller.abort();
  outer?.addEventListener('abort', onOuterAbort);
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    },
  };
}

/**
 * No response (spec §7): network failure or time-out → toast with the error and a failed
 * envelope; a call its caller cancelled fails quietly.
 */
function noResponse(error: unknown, deadline: ReturnType<typeof requestDeadline>, outer?: AbortSignal) {
  if (outer?.aborted && !deadline.timedOut()) return failure(i18n.t('common:errors.cancelled'));
  const msg = deadline.timedOut()
    ? i18n.t('common:errors.timeout')
    : error instanceof Error && error.message
      ? error.message
      : i18n.t('common:errors.network');
  toastError(msg);
  return failure(msg);
}

/** For tests: forget that an expiry is under way. */
export function resetSessionExpiryForTests(): void {
  expiring = false;
}

/**
 * The spec's few calls outside /v1 (POST /api/parse-conda) are written with their whole
 * path; every other path is relative to API_BASE.
 */
export const OUTSIDE_API_BASE = '/api/';

function buildUrl(path: string, query?: Query): string {
  const url = path.startsWith(OUTSIDE_API_BASE) ? path : `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function buildHeaders(hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = { 'Accept-Language': currentLang(), Accept: 'application/json' };
  // A FormData body (a multipart upload) sets its own content type with its boundary.
  if (hasBody) headers['Content-Type'] = 'application/json';
  const token = getToken();
  if (token) headers.token = token;
  const projectId = getProjectId();
  if (projectId) headers.projectId = projectId;
  return headers;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { success?: unknown }).success === 'boolean' &&
    'msg' in value
  );
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function failure(msg: string): ApiFailure {
  return { success: false, msg, data: null };
}

async function request<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload: unknown,
  options: RequestOptions = {},
): Promise<Envelope<T>> {
  const isGet = method === 'GET';
  const hasBody = !isGet && payload !== undefined;
  const isForm = payload instanceof FormData;
  const url = isGet ? buildUrl(path, payload as Query | undefined) : buildUrl(path);

  const deadline = requestDeadline(options.signal);

  let response: Response;
  let body: unknown;
  try {
    response = await fetch(url, {
      method,
      headers: buildHeaders(hasBody && !isForm),
      body: isForm ? payload : hasBody ? JSON.stringify(payload) : undefined,
      credentials: 'include',
      signal: deadline.signal,
    });
    body = await readBody(response);
  } catch (error) {
    return noResponse(error, deadline, options.signal) as Envelope<T>;
  } finally {
    deadline.done();
  }

  if (response.status === 401) {
    handleSessionExpired();
    return (isEnvelope(body) ? { ...body, success: false } : failure(i18n.t('msg:sessionExpired'))) as Envelope<T>;
  }

  // 402 Payment Required: the compute quota is used up. The no-licence popup offers the
  // Purchase page and the support contact wherever the call came from, silent or not.
  if (response.status === 402) openLicencePopup(isEnvelope(body) && body.msg ? body.msg : null);

  if (isEnvelope(body)) {
    if (!body.success && !options.silent) toastError(body.msg || i18n.t('common:errors.unknown'));
    return body as Envelope<T>;
  }

  // A body that is not an envelope (a proxy's HTML error page, an empty 204...).
  if (response.ok) return { success: true, msg: '', data: body } as Envelope<T>;
  const msg = `${response.status} ${response.statusText}`.trim();
  if (!options.silent) toastError(msg);
  return failure(msg) as Envelope<T>;
}

/**
 * Raw bytes (file downloads): the same headers, time-out and failure toasts as the JSON calls,
 * but a successful answer's body is handed back as a Blob. A JSON error envelope is read as such.
 */
async function requestBlob(path: string, query?: Query, options: RequestOptions = {}): Promise<Envelope<Blob | null>> {
  const deadline = requestDeadline(options.signal);
  try {
    const headers = buildHeaders(false);
    headers.Accept = '*/*';
    const response = await fetch(buildUrl(path, query), {
      method: 'GET',
      headers,
      credentials: 'include',
      signal: deadline.signal,
    });
    if (response.ok) return { success: true, msg: '', data: await response.blob() };
    const body = await readBody(response);
    if (response.status === 401) {
      handleSessionExpired();
      return failure(i18n.t('msg:sessionExpired')) as Envelope<Blob | null>;
    }
    const msg = isEnvelope(body) && body.msg ? body.msg : `${response.status} ${response.statusText}`.trim();
    if (!options.silent) toastError(msg);
    return failure(msg) as Envelope<Blob | null>;
  } catch (error) {
    return noResponse(error, deadline, options.signal) as Envelope<Blob | null>;
  } finally {
    deadline.done();
  }
}

/**
 * The typed HTTP client (spec §7). Never throws: every outcome is an envelope, and the
 * error toasts of the spec are shown here so callers only branch on `success`.
 */
export const api = {
  get: <T>(path: string, query?: Query, options?: RequestOptions) => request<T>('GET', path, query, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  del: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('DELETE', path, body, options),
  /** GET raw bytes (downloads); `data` is the Blob, or null on failure. */
  blob: (path: string, query?: Query, options?: RequestOptions) => requestBlob(path, query, options),
};

/** The headers every call sends (token, projectId, language), for transports the client does not run (tus). */
export function authHeaders(): Record<string, string> {
  const headers = buildHeaders(false);
  delete headers.Accept;
  return headers;
}

/** Thrown by `unwrap` so react-query sees a failed call; the toast was already shown. */
export class ApiError extends Error {
  constructor(readonly envelope: Envelope<unknown>) {
    super(envelope.msg);
    this.name = 'ApiError';
  }
}

/** For react-query functions: the data of a successful envelope, or an ApiError. */
export function unwrap<T>(envelope: Envelope<T>): T {
  if (!envelope.success) throw new ApiError(envelope);
  return envelope.data;
}
