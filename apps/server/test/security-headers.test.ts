import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_POLICY, DOCS_POLICY, USER_CONTENT_POLICY } from '../src/http/security-headers';
import { expectOk } from './support/helpers';
import { createProject, createTestApp, registerUser, type TestApp } from './support/test-app';
import { baseUrlOf, importFile } from './support/uploads';

/** Headers of an answer, by lower-case name; a header sent twice would show as an array. */
type Headers = Record<string, string | string[] | number | undefined>;

function expectSecurityHeaders(headers: Headers, policy = APP_POLICY): void {
  expect({
    csp: headers['content-security-policy'],
    nosniff: headers['x-content-type-options'],
    frame: headers['x-frame-options'],
    referrer: headers['referrer-policy'],
    coop: headers['cross-origin-opener-policy'],
    corp: headers['cross-origin-resource-policy'],
  }).toEqual({
    csp: policy,
    nosniff: 'nosniff',
    frame: 'DENY',
    referrer: 'same-origin',
    coop: 'same-origin',
    corp: 'same-origin',
  });
}

/** The fetch API's headers as the same plain object (one value per name). */
const plain = (headers: globalThis.Headers): Headers => Object.fromEntries(headers.entries());

const MALICIOUS_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" onload="document.title=\'pwned\'" width="10" height="10">' +
  '<script>window.__pwned = 1</script><rect width="10" height="10"/></svg>';

describe('security headers', () => {
  let t: TestApp;
  let webDist: string;
  let token: string;
  let projectId: number;

  beforeAll(async () => {
    // A stand-in for the built web app, so the static files and the index.html fallback are served.
    webDist = mkdtempSync(join(tmpdir(), 'medx-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>MedX</title><div id="root"></div>');
    writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1);');
    t = await createTestApp({ webDist });
    ({ token } = await registerUser(t));
    projectId = await createProject(t, token, 'Headers');
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const inject = (method: 'GET' | 'POST', url: string, options: { payload?: string; headers?: Headers } = {}) =>
    t.app.http.inject({
      method,
      url,
      headers: { token, ...(options.headers as Record<string, string>) },
      payload: options.payload,
    });

  it('the policies say what docs/decisions.md says', () => {
    expect(APP_POLICY).toBe(
      "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
        "font-src 'self'; connect-src 'self'; worker-src 'self'; form-action 'self'; object-src 'none'; " +
        "base-uri 'none'; frame-ancestors 'none'",
    );
    expect(DOCS_POLICY).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
        "connect-src 'self'; form-action 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    );
    expect(USER_CONTENT_POLICY).toBe(
      "default-src 'none'; sandbox; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    );
  });

  it('on an API answer', async () => {
    const res = await inject('GET', '/v1/health');
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res.headers);
  });

  it('on a 404 of the API', async () => {
    const res = await inject('GET', '/v1/no/such/call');
    expect(res.statusCode).toBe(404);
    expectSecurityHeaders(res.headers);
  });

  it('on error answers: a malformed body (400), no session (401), a failed validation', async () => {
    const malformed = await inject('POST', '/v1/projects/new', {
      payload: '{"project_name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expectSecurityHeaders(malformed.headers);

    const anonymous = await t.app.http.inject({ method: 'GET', url: '/v1/projects' });
    expect(anonymous.statusCode).toBe(401);
    expectSecurityHeaders(anonymous.headers);

    const invalid = await inject('POST', '/v1/projects/new', {
      payload: JSON.stringify({ project_name: '' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(invalid.statusCode).toBe(400);
    expectSecurityHeaders(invalid.headers);
  });

  it('on the web app: a static file, index.html and its fallback for client routes', async () => {
    const asset = await inject('GET', '/assets/app.js');
    expect(asset.statusCode).toBe(200);
    expectSecurityHeaders(asset.headers);
    for (const url of ['/', '/project', '/docs/help']) {
      const page = await inject('GET', url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expectSecurityHeaders(page.headers);
    }
  });

  it('Swagger UI has its own policy, the API document the app policy', async () => {
    for (const url of ['/v1/docs', '/v1/docs/', '/v1/docs/static/swagger-ui-bundle.js', '/v1/docs/json']) {
      const res = await inject('GET', url);
      expect(res.statusCode, url).toBeLessThan(400);
      expectSecurityHeaders(res.headers, DOCS_POLICY);
    }
    expectSecurityHeaders((await inject('GET', '/v1/openapi.json')).headers);
    // Not a prefix match on the letters: /v1/docsx is an ordinary (missing) API path.
    expectSecurityHeaders((await inject('GET', '/v1/docsx')).headers);
  });

  it('on the tus endpoint, whose handler writes the answer itself', async () => {
    const base = await baseUrlOf(t);
    const options = await fetch(`${base}/v1/uploads`, { method: 'OPTIONS', headers: { 'Tus-Resumable': '1.0.0' } });
    expect(options.status).toBeLessThan(300);
    expectSecurityHeaders(plain(options.headers));

    const b64 = (v: string) => Buffer.from(v).toString('base64');
    const created = await fetch(`${base}/v1/uploads`, {
      method: 'POST',
      headers: {
        token,
        'Tus-Resumable': '1.0.0',
        'Upload-Length': '3',
        'Upload-Metadata': `filename ${b64('a.txt')},project_id ${b64(String(projectId))}`,
      },
    });
    expect(created.status).toBe(201);
    expectSecurityHeaders(plain(created.headers));

    const head = await fetch(new URL(created.headers.get('location')!, base), {
      method: 'HEAD',
      headers: { token, 'Tus-Resumable': '1.0.0' },
    });
    expect(head.status).toBe(200);
    expectSecurityHeaders(plain(head.headers));

    const refused = await fetch(`${base}/v1/uploads`, { method: 'POST', headers: { 'Tus-Resumable': '1.0.0' } });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expectSecurityHeaders(plain(refused.headers));
  });

  it('an uploaded SVG downloads as an attachment of no renderable type, in a sandbox', async () => {
    const file = expectOk(await importFile(t, token, projectId, 'evil.svg', MALICIOUS_SVG), 'uploadSuccessful')
      .files[0]!;
    const res = await inject('GET', `/v1/files/${file.id}/download`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(MALICIOUS_SVG);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="evil\.svg"/);
    expectSecurityHeaders(res.headers, USER_CONTENT_POLICY);

    // The same for an HTML file: bytes to save, never a page of this origin.
    const html = expectOk(
      await importFile(t, token, projectId, 'report.html', '<script>window.__pwned = 1</script>'),
      'uploadSuccessful',
    ).files[0]!;
    const page = await inject('GET', `/v1/files/${html.id}/download`);
    expect(page.headers['content-type']).toBe('application/octet-stream');
    expect(page.headers['content-disposition']).toMatch(/^attachment;/);
    expectSecurityHeaders(page.headers, USER_CONTENT_POLICY);
  });
});
