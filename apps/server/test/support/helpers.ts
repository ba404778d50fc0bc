import type { AuthResult, CodePurpose, Lang, MessageKey, Project, ShareType } from '@medx/contract';
import { translate } from '@medx/contract';
import { expect } from 'vitest';
import type { Database, ProjectRow } from '../../src/db/schema';
import { createProject, joinProject, shareProject, type TestApp, type TestResponse, uniqueEmail } from './test-app';

/**
 * Assertions and factories shared by the integration suites. Every failure of the
 * API is {success:false, msg, data:null}; `msg` is the catalogue text in the
 * request's language, so tests compare against the catalogue, never a copy of it.
 */

export interface MessageOptions {
  lang?: Lang;
  params?: Record<string, string | number>;
}

/** Status, success:false, data:null and the exact catalogue text, in one comparison. */
export function expectFailure(res: TestResponse, status: number, key: MessageKey, options: MessageOptions = {}): void {
  expect({ status: res.status, body: res.body }).toEqual({
    status,
    body: { success: false, msg: translate(key, options.lang ?? 'en', options.params), data: null },
  });
}

/** 200, success:true and the catalogue text; returns data. */
export function expectOk<T>(res: TestResponse<T>, key: MessageKey = 'ok', lang: Lang = 'en'): T {
  expect({ status: res.status, success: res.body.success, msg: res.body.msg }).toEqual({
    status: 200,
    success: true,
    msg: translate(key, lang),
  });
  return res.body.data;
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Requests a code through the API and reads it from the outbox. */
export async function sendEmailCode(t: TestApp, email: string, purpose: CodePurpose): Promise<string> {
  const res = await t.request('POST', '/v1/users/send_email_code', { body: { email, purpose } });
  if (res.status !== 200) throw new Error(`send_email_code failed: ${JSON.stringify(res.body)}`);
  return t.latestCode(email.trim().toLowerCase());
}

export async function sendPhoneCode(t: TestApp, phone: string, purpose: CodePurpose, region?: string): Promise<string> {
  const res = await t.request('POST', '/v1/users/send_phone_code', { body: { phone, region, purpose } });
  if (res.status !== 200) throw new Error(`send_phone_code failed: ${JSON.stringify(res.body)}`);
  return t.latestCode(`+${region ?? '86'} ${phone}`);
}

/** A sign-up body that passes validation; tests override one field at a time. */
export function signUpBody(email: string, code: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { email, code, password: 'secret123', identity: 'Student', agreement: true, ...extra };
}

/** Logs in through the API; a second session for the same user. */
export async function login(t: TestApp, account: string, password = 'secret123', region?: string): Promise<AuthResult> {
  const res = await t.request<AuthResult>('POST', '/v1/users/login', { body: { account, password, region } });
  if (res.status !== 200) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** A registered user with its e-mail and password, for tests that log in again. */
export interface RegisteredUser extends AuthResult {
  email: string;
  password: string;
}

export async function registerWithEmail(
  t: TestApp,
  email = uniqueEmail(),
  password = 'secret123',
): Promise<RegisteredUser> {
  const code = await sendEmailCode(t, email, 'sign_up');
  const res = await t.request<AuthResult>('POST', '/v1/users/sign_up', {
    body: signUpBody(email, code, { password }),
  });
  if (res.status !== 200) throw new Error(`sign up failed: ${JSON.stringify(res.body)}`);
  return { ...res.body.data, email, password };
}

let phoneCounter = 0;
/** A unique 11-digit mobile number per call. */
export const uniquePhone = () =>
  `139${String(Date.now() % 1e6).padStart(6, '0')}${String(++phoneCounter % 100).padStart(2, '0')}`;

export async function countRows(t: TestApp, table: keyof Database): Promise<number> {
  const row = await t.db.kysely
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function userByEmail(t: TestApp, email: string) {
  return t.db.kysely.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function projectRow(t: TestApp, id: number): Promise<ProjectRow | undefined> {
  return t.db.kysely.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function memberIds(t: TestApp, projectId: number): Promise<number[]> {
  const rows = await t.db.kysely
    .selectFrom('project_members')
    .select('user_id')
    .where('project_id', '=', projectId)
    .orderBy('user_id')
    .execute();
  return rows.map((r) => r.user_id);
}

/** A project of `ownerToken`, shared with `shareType` and code, joined by every member token. */
export async function sharedProject(
  t: TestApp,
  ownerToken: string,
  shareType: ShareType,
  memberTokens: string[] = [],
  code = 'AB12',
  name = 'Shared',
): Promise<{ id: number; shareId: string }> {
  const id = await createProject(t, ownerToken, name);
  const shareId = await shareProject(t, ownerToken, id, shareType, code);
  for (const token of memberTokens) await joinProject(t, token, id, code);
  return { id, shareId };
}

export interface ProjectList {
  total: number;
  items: Project[];
}

export async function listProjects(
  t: TestApp,
  token: string,
  query: Record<string, string | number | boolean | undefined> = {},
): Promise<ProjectList> {
  const res = await t.request<ProjectList>('GET', '/v1/projects', { token, query });
  if (res.status !== 200) throw new Error(`list failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}
