// Shortcuts through the server's HTTP API for the set-up a test does not prove
// (a signed-up user, a project), and a browser storage state holding a session
// so a page opens already signed in.
//
// Every call goes through Playwright's APIRequestContext (the `request`
// fixture), whose baseURL is the server under test.

import { randomUUID } from 'node:crypto';
import type { APIRequestContext, BrowserContextOptions } from '@playwright/test';
import { expect } from '@playwright/test';
import { ADMIN_EMAIL, baseURL } from './env';
import { latestCode } from './outbox';

export interface ApiUser {
  id: number;
  username: string;
  user_type: 'GUEST' | 'REGISTERED';
  email: string | null;
}

export interface Session {
  user: ApiUser;
  token: string;
}

export interface ApiProject {
  id: number;
  project_name: string;
  creator: { id: number; username: string; email: string | null };
  role: 'OWNER' | 'READ_WRITE' | 'READ_ONLY';
}

interface Envelope<T> {
  success: boolean;
  msg: string;
  data: T;
}

/** A unique, valid e-mail address for one test user. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@e2e.example.com`.toLowerCase();
}

async function call<T>(
  request: APIRequestContext,
  method: 'get' | 'post' | 'put',
  path: string,
  options: { data?: unknown; token?: string } = {},
): Promise<T> {
  const response = await request[method](path, {
    data: options.data,
    headers: { 'Accept-Language': 'en', ...(options.token ? { token: options.token } : {}) },
  });
  const body = (await response.json()) as Envelope<T>;
  expect(body.success, `${method.toUpperCase()} ${path}: ${response.status()} ${body.msg}`).toBe(true);
  return body.data;
}

/** Registers an e-mail user through send_email_code, the outbox and sign_up. */
export async function signUpByApi(
  request: APIRequestContext,
  options: { email: string; password: string; username?: string },
): Promise<Session> {
  const since = Date.now();
  await call(request, 'post', '/v1/users/send_email_code', { data: { email: options.email, purpose: 'sign_up' } });
  const code = await latestCode(options.email, { purpose: 'sign_up', since });
  return call<Session>(request, 'post', '/v1/users/sign_up', {
    data: {
      email: options.email,
      code,
      password: options.password,
      username: options.username,
      identity: 'Individual',
      agreement: true,
    },
  });
}

export async function guestByApi(request: APIRequestContext): Promise<Session> {
  return call<Session>(request, 'post', '/v1/users/guest_login');
}

/**
 * A session of the one administrator (ADMIN_EMAIL, given the Admin Panel by global-setup.ts):
 * signed up by the first test of a run that needs it, signed in by every later one (and by
 * repeats of the same test).
 */
export async function adminSessionByApi(request: APIRequestContext, password: string): Promise<Session> {
  const login = await request.post('/v1/users/login', {
    data: { account: ADMIN_EMAIL, password },
    headers: { 'Accept-Language': 'en' },
  });
  const body = (await login.json()) as Envelope<Session>;
  if (body.success) return body.data;
  return signUpByApi(request, { email: ADMIN_EMAIL, password });
}

export async function createProjectByApi(request: APIRequestContext, token: string, name: string): Promise<ApiProject> {
  return call<ApiProject>(request, 'post', '/v1/projects/new', { data: { project_name: name }, token });
}

/**
 * A storage state whose localStorage holds the session the way the web app
 * saves it after a login (token, user, user_id; spec §3), plus the language.
 */
export function storageStateFor(
  session: Session,
  lang: 'en' | 'zh-CN' = 'en',
): NonNullable<Exclude<BrowserContextOptions['storageState'], string>> {
  return {
    cookies: [],
    origins: [
      {
        origin: baseURL,
        localStorage: [
          { name: 'token', value: session.token },
          { name: 'user', value: JSON.stringify(session.user) },
          { name: 'user_id', value: String(session.user.id) },
          { name: 'lang', value: lang },
        ],
      },
    ],
  };
}
