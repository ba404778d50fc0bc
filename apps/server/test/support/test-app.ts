import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuthResult, Envelope } from '@medx/contract';
import pg from 'pg';
import { type App, buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import { type Db, migrateToLatest, openDatabase } from '../../src/db/database';
import type { JobRegistry } from '../../src/jobs/job-context';
import { ManualClock } from '../../src/lib/clock';
import { randomId } from '../../src/lib/secrets';

export interface RequestOptions {
  token?: string;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  lang?: string;
  headers?: Record<string, string>;
}

export interface TestResponse<T = unknown> {
  status: number;
  body: Envelope<T>;
}

export interface TestApp {
  app: App;
  db: Db;
  clock: ManualClock;
  config: Config;
  request<T = unknown>(method: string, url: string, options?: RequestOptions): Promise<TestResponse<T>>;
  /** The newest code the development outbox holds for an address ('a@b.c' or '+86 13800000000'). */
  latestCode(to: string): string;
  close(): Promise<void>;
}

/** A fresh database per test app: a SQLite file in a temp dir, or a new PostgreSQL database. */
export async function freshDatabase(): Promise<{ url?: string; drop(): Promise<void> }> {
  const adminUrl = process.env.MEDX_TEST_PG_URL;
  if (!adminUrl) return { drop: async () => {} };
  const name = `medx_t_${randomId(10).toLowerCase()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export async function createTestApp(
  overrides: Partial<Config> = {},
  options: { jobTypes?: JobRegistry } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'medx-test-'));
  const database = await freshDatabase();
  const config = loadConfig(
    {},
    {
      dataDir,
      databaseUrl: database.url,
      logLevel: 'silent',
      // Tests make many calls from one address; the per-IP budgets get their own test.
      rateLimitGuestPerHour: 10_000,
      rateLimitLoginPerMinute: 10_000,
      rateLimitCodesPerHour: 10_000,
      // Engine and feature suites queue many jobs for one user; the job quotas get their own test (test/quotas).
      activeJobsMax: 10_000,
      guestActiveJobsMax: 10_000,
      ...overrides,
    },
  );
  const db = openDatabase(config);
  const clock = new ManualClock(new Date('2026-01-15T08:00:00.000Z'));
  let app: App;
  try {
    await migrateToLatest(db);
    app = await buildApp({ config, db, clock, extraJobTypes: options.jobTypes });
    await app.http.ready();
  } catch (err) {
    // A suite whose app cannot start must not leave its database or data dir behind.
    await db.destroy();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }

  return {
    app,
    db,
    clock,
    config,
    async request<T>(method: string, url: string, options: RequestOptions = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.token = options.token;
      if (options.lang) headers['accept-language'] = options.lang;
      const query: Record<string, string> = {};
      for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) query[k] = String(v);
      const response = await app.http.inject({
        method: method as 'GET',
        url,
        headers,
        query,
        ...(options.body !== undefined ? { payload: options.body as object } : {}),
      });
      return { status: response.statusCode, body: response.json() as Envelope<T> };
    },
    latestCode(to: string) {
      const lines = readFileSync(join(dataDir, 'outbox.jsonl'), 'utf8').trim().split('\n');
      for (const line of lines.reverse()) {
        const entry = JSON.parse(line) as { to: string; code: string };
        if (entry.to === to) return entry.code;
      }
      throw new Error(`no code in the outbox for ${to}`);
    },
    async close() {
      await app.http.close();
      await db.destroy();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A unique e-mail per call, so factories never collide inside one database. */
export const uniqueEmail = (prefix = 'user') => `${prefix}${++counter}-${randomId(5).toLowerCase()}@example.org`;

/** Signs up a registered user through the real API (code from the outbox). */
export async function registerUser(t: TestApp, email = uniqueEmail(), password = 'secret123'): Promise<AuthResult> {
  const sent = await t.request('POST', '/v1/users/send_email_code', { body: { email, purpose: 'sign_up' } });
  if (sent.status !== 200) throw new Error(`send code failed: ${JSON.stringify(sent.body)}`);
  const res = await t.request<AuthResult>('POST', '/v1/users/sign_up', {
    body: { email, code: t.latestCode(email), password, identity: 'Student', agreement: true },
  });
  if (res.status !== 200) throw new Error(`sign up failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function guestLogin(t: TestApp): Promise<AuthResult> {
  const res = await t.request<AuthResult>('POST', '/v1/users/guest_login', { body: {} });
  if (res.status !== 200) throw new Error(`guest login failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function createProject(t: TestApp, token: string, name = 'Proj'): Promise<number> {
  const res = await t.request<{ id: number }>('POST', '/v1/projects/new', { token, body: { project_name: name } });
  if (res.status !== 200) throw new Error(`create project failed: ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

/** Turns sharing on with a code and type; returns the share id from the link. */
export async function shareProject(
  t: TestApp,
  token: string,
  projectId: number,
  shareType: 'READ_ONLY' | 'READ_WRITE',
  code = 'AB12',
): Promise<string> {
  const url = await t.request<{ url: string }>('POST', `/v1/projects/${projectId}/share_url`, { token });
  const put = await t.request('PUT', `/v1/projects/${projectId}/share`, {
    token,
    body: { is_shared: true, share_code: code, share_type: shareType, share_url: url.body.data.url },
  });
  if (put.status !== 200) throw new Error(`share failed: ${JSON.stringify(put.body)}`);
  return url.body.data.url.split('/share/')[1]!;
}

export async function joinProject(t: TestApp, token: string, projectId: number, code = 'AB12'): Promise<void> {
  const res = await t.request('POST', `/v1/projects/${projectId}/join`, { token, body: { share_code: code } });
  if (res.status !== 200) throw new Error(`join failed: ${JSON.stringify(res.body)}`);
}
