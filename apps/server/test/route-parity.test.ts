import { fileURLToPath } from 'node:url';
import type { UploadCredentials } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from './support/helpers';
import { createTestApp, registerUser, type TestApp } from './support/test-app';
import { type Collected, collectWebCalls, type HttpMethod, PARAM } from './support/web-calls';

/**
 * Route parity: every call the web client can make has a route on the server.
 *
 * The web's calls are read from apps/web/src (tests left out) with the TypeScript compiler
 * API (support/web-calls.ts): `api.get/post/put/del/blob(path)` with the client's `/v1` in
 * front, and raw `fetch` calls. They are compared, method and path, with the OpenAPI document
 * the real app serves at /v1/openapi.json. A literal segment may fill a server parameter only
 * when the parameter's schema accepts it (`/jobs/workflow` is not `/jobs/{id}`: id is an
 * integer). Fastify answers a prefix's root route with and without the trailing slash, so
 * trailing slashes are ignored.
 *
 * What the collector cannot resolve to a literal pattern fails the test unless it is listed
 * in DYNAMIC_SITES below with what it reaches, and the routes it reaches are checked too.
 * Routes the OpenAPI document hides on purpose (tus uploads) are listed in HIDDEN_ROUTES and
 * checked against the router instead.
 */

const repo = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));

interface Reach {
  method: HttpMethod;
  path: string;
}

/** Call sites whose address is decided at run time, by key (see UnresolvedSite.key). */
const DYNAMIC_SITES: Record<string, { reaches: Reach[]; why: string }> = {
  'api/client.ts request: fetch(url)': {
    reaches: [],
    why: "The API client's own transport: every path it sends is an api.<method>(path) call collected here.",
  },
  'api/client.ts requestBlob: fetch(buildUrl(path, query))': {
    reaches: [],
    why: "The API client's transport for api.blob(path); those calls are collected here.",
  },
  'api/uploads.ts tusExtensions: fetch(endpoint)': {
    reaches: [{ method: 'OPTIONS', path: '/v1/uploads' }],
    why: 'Asks the tus endpoint that GET /v1/files/sts answers which extensions it has.',
  },
  'api/uploads.ts uploadFile: new Upload': {
    reaches: [
      { method: 'POST', path: '/v1/uploads' },
      { method: 'HEAD', path: `/v1/uploads/${PARAM}` },
      { method: 'PATCH', path: `/v1/uploads/${PARAM}` },
      { method: 'DELETE', path: `/v1/uploads/${PARAM}` },
    ],
    why: 'tus-js-client on the sts endpoint: create (POST), resume offset (HEAD), chunks (PATCH), cancel (DELETE).',
  },
  'viewer/viewer-api.ts downloadFileData: api.blob(path)': {
    reaches: [
      { method: 'GET', path: `/v1/files/${PARAM}/download` },
      { method: 'GET', path: `/v1/projects/${PARAM}/volume-server/${PARAM}/${PARAM}/box/${PARAM}/${PARAM}` },
      { method: 'GET', path: `/v1/projects/${PARAM}/volume-server/${PARAM}/${PARAM}/cell` },
    ],
    why: "The url of GET /v1/files/{id}/show_3d, which is /v1/files/{id}/download (files-api.test.ts checks it); and Mol*'s volume streaming box and cell queries (lazy-volume.ts authorizeApiDownloads hands our API's asset downloads here).",
  },
  'viewer/viewer-api.ts downloadFileData: fetch(request.url)': {
    reaches: [],
    why: 'Only for addresses outside this API (apiPathOf gave null); API addresses go through api.blob.',
  },
  'viewer/viewer-api.ts apiPathOf: API_BASE': {
    reaches: [],
    why: 'Compares an address with the API base; sends nothing.',
  },
  'api/viewer-states.ts sessionPath: API_BASE': {
    reaches: [],
    why: 'Builds the session address for the raw fetch calls below (they need the ETag headers and the 412 status).',
  },
  'api/viewer-states.ts sessionEtag: fetch(sessionPath(projectId))': {
    // The OpenAPI document lists no HEAD operations; the HEAD route beside this GET is tested in viewer-session.test.ts.
    reaches: [{ method: 'GET', path: `/v1/projects/${PARAM}/viewer/session` }],
    why: "HEAD of the project's viewer session (its etag), the HEAD twin of the GET route.",
  },
  'api/viewer-states.ts sessionGet: fetch(sessionPath(projectId))': {
    reaches: [{ method: 'GET', path: `/v1/projects/${PARAM}/viewer/session` }],
    why: "The project's viewer session default.molx with its etag (read again on a 412).",
  },
  'api/viewer-states.ts sessionPut: fetch(sessionPath(projectId))': {
    reaches: [{ method: 'PUT', path: `/v1/projects/${PARAM}/viewer/session` }],
    why: 'Saves the session with If-Match / If-None-Match.',
  },
  'api/viewer-states.ts list: fetch(`${server}/list`)': {
    reaches: [{ method: 'GET', path: `/v1/viewer/states/${PARAM}/${PARAM}/list` }],
    why: "Mol*'s remote state protocol on the address POST /v1/projects/{id}/viewer/state_server answers.",
  },
  'api/viewer-states.ts get: fetch(url)': {
    reaches: [{ method: 'GET', path: `/v1/viewer/states/${PARAM}/${PARAM}/get/${PARAM}` }],
    why: 'remoteStates.getUrl(server, id) on the state server address.',
  },
  'api/viewer-states.ts remove: fetch(url)': {
    reaches: [{ method: 'GET', path: `/v1/viewer/states/${PARAM}/${PARAM}/remove/${PARAM}` }],
    why: "remoteStates.removeUrl(server, id): Mol*'s protocol removes with a GET.",
  },
  'api/viewer-states.ts upload: fetch(`${server}/set?${query}`)': {
    reaches: [{ method: 'POST', path: `/v1/viewer/states/${PARAM}/${PARAM}/set` }],
    why: "Mol*'s upload of a state (name, description, playOnLoad in the query).",
  },
  'features/viewer-density/streaming-molstar.ts guardStreaming: fetch(request.url)': {
    reaches: [{ method: 'GET', path: `/v1/projects/${PARAM}/volume-server/${PARAM}/${PARAM}` }],
    why: "Mol*'s plugin.fetch for our API's addresses: the streaming header Mol*'s client asks for (server/em/fileId, the server being volumeServerPath).",
  },
  'features/viewer-density/streaming-molstar.ts guardStreaming: fetch': {
    reaches: [],
    why: "The name of Mol*'s plugin.fetch property being wrapped (the call above is the one request).",
  },
};

/** Routes left out of the OpenAPI document on purpose: pattern → the router's own path. */
const HIDDEN_ROUTES: { pattern: string; route: string; why: string }[] = [
  { pattern: '/v1/uploads', route: '/v1/uploads', why: 'tus protocol endpoint (not JSON, not an envelope)' },
  { pattern: `/v1/uploads/${PARAM}`, route: '/v1/uploads/*', why: 'one tus upload' },
];

interface ParamSchema {
  type?: string;
  minimum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  enum?: unknown[];
}

type Segment = { literal: string } | { param: string; schema: ParamSchema };

interface ServerRoute {
  method: string;
  path: string;
  segments: Segment[];
}

interface OpenApiDoc {
  paths: Record<string, Record<string, { parameters?: { in: string; name: string; schema?: ParamSchema }[] }>>;
}

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

function serverRoutes(doc: OpenApiDoc): ServerRoute[] {
  const routes: ServerRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const params = new Map(
        (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => [p.name, p.schema ?? {}]),
      );
      const segments = trimSlash(path)
        .split('/')
        .map((part): Segment => {
          const name = /^\{(.+)\}$/.exec(part)?.[1];
          return name === undefined ? { literal: part } : { param: name, schema: params.get(name) ?? {} };
        });
      routes.push({ method: method.toUpperCase(), path, segments });
    }
  }
  return routes;
}

/** Whether a literal path segment passes a parameter's schema (as the validator would coerce it). */
function accepts(schema: ParamSchema, value: string): boolean {
  if (schema.enum) return schema.enum.map(String).includes(value);
  if (schema.type === 'integer' || schema.type === 'number') {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n) || (schema.type === 'integer' && !Number.isInteger(n))) return false;
    return schema.minimum === undefined || n >= schema.minimum;
  }
  if (schema.minLength !== undefined && value.length < schema.minLength) return false;
  if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
  return schema.pattern === undefined || new RegExp(schema.pattern).test(value);
}

function matches(route: ServerRoute, method: string, path: string): boolean {
  if (route.method !== method) return false;
  const parts = trimSlash(path).split('/');
  if (parts.length !== route.segments.length) return false;
  return parts.every((part, i) => {
    const segment = route.segments[i]!;
    if ('literal' in segment) return part === segment.literal;
    // A run-time value may fill any parameter; a literal must pass the parameter's schema.
    return part === PARAM || accepts(segment.schema, part);
  });
}

const describeCall = (call: { method: string; path: string }) => `${call.method} ${call.path}`;

describe('the web call collector', () => {
  const fixture = 'apps/server/test/fixtures/web-calls';
  let collected: Collected;
  beforeAll(() => {
    collected = collectWebCalls({
      tsconfig: repo(`${fixture}/tsconfig.json`),
      sourceRoot: repo(`${fixture}/src`),
      clientModule: repo(`${fixture}/src/client.ts`),
      apiBaseName: 'API_BASE',
      apiBase: '/v1',
    });
  }, 120_000);

  it('resolves literals, constants, literal unions, conditionals, parameters and raw fetch calls', () => {
    expect(collected.calls.map((c) => `${describeCall(c)} ${c.site.split(' ')[1]}`)).toEqual([
      'GET /v1/plain literal',
      'POST /v1/things/new constant',
      'PUT /v1/things/a union',
      'PUT /v1/things/b union',
      `DELETE /v1/things/${PARAM} numberParam`,
      `GET /v1/things/by_name/${PARAM}/x stringParam`,
      `GET /v1/maybe/${PARAM} conditional`,
      'GET /v1/maybe conditional',
      'GET /v1/things/joined concatenated',
      'GET /v1/aliased aliased',
      'GET /v1/query withQuery',
      `POST /v1/raw/${PARAM} rawFetch`,
      'GET /v1/raw rawFetchGet',
    ]);
  });

  it('reports every call it cannot resolve, and every use of the client it cannot follow', () => {
    expect(collected.unresolved.map((u) => `${u.key} (${u.why})`)).toEqual([
      // biome-ignore-start lint/suspicious/noTemplateCurlyInString: source text of template literals
      'calls.ts refused: api.get(path) (path is not a literal)',
      'calls.ts refused: api.get(`/files/${id}.pdb`) (a run-time value that is not a whole path segment)',
      'calls.ts refused: api.get(`${prefix}/x`) (a run-time value that is not a whole path segment)',
      'calls.ts refused: fetch(`${API_BASE}/verb`) (a method given by a variable)',
      "calls.ts refused: fetch('https://elsewhere.example/v1/x') (an address outside /v1: https://elsewhere.example/v1/x)",
      'calls.ts refused: new XMLHttpRequest (XMLHttpRequest is not followed)',
      'calls.ts refused: "/v1/literal" (a literal address under /v1 outside a collected call)',
      'calls.ts refused: api (the API client used other than as api.<method>(path))',
      'calls.ts refused: API_BASE (the API base used outside a collected call)',
      // biome-ignore-end lint/suspicious/noTemplateCurlyInString: source text of template literals
    ]);
  });
});

describe('route parity: the web client and the server', () => {
  let t: TestApp;
  let routes: ServerRoute[];
  let web: Collected;

  beforeAll(async () => {
    t = await createTestApp();
    const doc = await t.app.http.inject({ method: 'GET', url: '/v1/openapi.json' });
    routes = serverRoutes(doc.json() as OpenApiDoc);
    web = collectWebCalls({
      tsconfig: repo('apps/web/tsconfig.json'),
      sourceRoot: repo('apps/web/src'),
      clientModule: repo('apps/web/src/api/client.ts'),
      apiBaseName: 'API_BASE',
      apiBase: '/v1',
    });
  }, 120_000);
  afterAll(() => t?.close());

  const hasRoute = (method: string, path: string) => routes.some((route) => matches(route, method, path));
  const hidden = (path: string) => HIDDEN_ROUTES.find((h) => h.pattern === path);

  it('reads the whole web client', () => {
    expect(web.files).toContain('api/client.ts');
    expect(web.files.some((f) => f.endsWith('.test.ts') || f.endsWith('.test.tsx'))).toBe(false);
    // Sanity: the collector found the client's calls (dozens), not an empty set.
    expect(web.calls.length).toBeGreaterThan(50);
  });

  it('resolves every call site, or knows what the dynamic ones reach', () => {
    const unknown = web.unresolved
      .filter((site) => !(site.key in DYNAMIC_SITES))
      .map((site) => `${site.at}: ${site.key} (${site.why})`);
    expect(unknown, 'call sites with no literal path; resolve them or add them to DYNAMIC_SITES').toEqual([]);
    const stale = Object.keys(DYNAMIC_SITES).filter((key) => !web.unresolved.some((site) => site.key === key));
    expect(stale, 'DYNAMIC_SITES entries that no longer occur in the web code').toEqual([]);
  });

  it('has a server route for every path the web calls, with its method', () => {
    const missing = web.calls
      .filter((call) => !hasRoute(call.method, call.path) && !hidden(call.path))
      .map((call) => `${describeCall(call)} (${call.site})`);
    expect(missing, 'web calls with no route in /v1/openapi.json').toEqual([]);
  });

  it('has a route for every address the dynamic call sites reach', () => {
    const reaches = Object.entries(DYNAMIC_SITES).flatMap(([key, site]) => site.reaches.map((r) => ({ key, ...r })));
    const missing = reaches
      .filter((r) => !hasRoute(r.method, r.path) && !hidden(r.path))
      .map((r) => `${describeCall(r)} (${r.key})`);
    expect(missing).toEqual([]);
  });

  it('has the hidden routes in the router, and only there', () => {
    const methods = new Set(
      Object.values(DYNAMIC_SITES)
        .flatMap((site) => site.reaches)
        .filter((r) => hidden(r.path))
        .map((r) => `${r.method} ${hidden(r.path)!.route}`),
    );
    for (const entry of methods) {
      const [method, url] = entry.split(' ') as [HttpMethod, string];
      expect(t.app.http.hasRoute({ method, url }), entry).toBe(true);
    }
    // Listed here because OpenAPI leaves them out; if it documents them, the list should go.
    for (const h of HIDDEN_ROUTES) expect(routes.filter((r) => trimSlash(r.path) === h.route)).toEqual([]);
  });

  it('sends uploads to the hidden tus route: GET /v1/files/sts names it', async () => {
    const user = await registerUser(t);
    const res = await t.request<UploadCredentials>('GET', '/v1/files/sts', { token: user.token });
    expect(expectOk(res).endpoint).toBe('/v1/uploads');
  });

  it('matches literal segments against parameter schemas', () => {
    const byId = routes.find((r) => r.method === 'GET' && r.path === '/v1/jobs/{id}')!;
    expect(matches(byId, 'GET', '/v1/jobs/12')).toBe(true);
    expect(matches(byId, 'GET', `/v1/jobs/${PARAM}`)).toBe(true);
    expect(matches(byId, 'GET', '/v1/jobs/workflow')).toBe(false);
    expect(matches(byId, 'POST', '/v1/jobs/12')).toBe(false);
  });
});
