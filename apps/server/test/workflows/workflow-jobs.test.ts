import type { AuthResult, MessageKey, WorkflowJobList } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectOk, sharedProject } from '../support/helpers';
import { createTestApp, guestLogin, registerUser, type TestApp } from '../support/test-app';

/**
 * GET /v1/jobs/workflow (the Jobs dialog's Workflow tab): an empty page until workflows can
 * run, behind exactly the access rule of GET /v1/jobs. Members' rights follow the project's
 * share type, so a READ_WRITE and a READ_ONLY project each have their member.
 */
type Role = 'owner' | 'readWriteMember' | 'readOnlyMember' | 'stranger' | 'guest' | 'noToken';
const ROLES: Role[] = ['owner', 'readWriteMember', 'readOnlyMember', 'stranger', 'guest', 'noToken'];

let t: TestApp;
const users = {} as Record<Exclude<Role, 'noToken'>, AuthResult>;
const projects = {} as Record<'rw' | 'ro', number>;

const tokenOf = (role: Role) => (role === 'noToken' ? undefined : users[role].token);
const projectFor = (role: Role) => (role === 'readOnlyMember' ? projects.ro : projects.rw);

const EXPECTED: Record<Role, 200 | [number, MessageKey]> = {
  owner: 200,
  readWriteMember: 200,
  readOnlyMember: 200,
  stranger: [404, 'projectNotFound'],
  guest: [404, 'projectNotFound'],
  noToken: [401, 'sessionExpired'],
};

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['owner', 'readWriteMember', 'readOnlyMember', 'stranger'] as const) {
    users[role] = await registerUser(t);
  }
  users.guest = await guestLogin(t);
  projects.rw = (await sharedProject(t, users.owner.token, 'READ_WRITE', [users.readWriteMember.token], 'RW12')).id;
  projects.ro = (await sharedProject(t, users.owner.token, 'READ_ONLY', [users.readOnlyMember.token], 'RO12')).id;
});
afterAll(() => t?.close());

describe('GET /v1/jobs/workflow', () => {
  it.each(ROLES)('as %s', async (role) => {
    const query = { project_id: projectFor(role), page: 1, limit: 5 };
    const res = await t.request<WorkflowJobList>('GET', '/v1/jobs/workflow', { token: tokenOf(role), query });
    const want = EXPECTED[role];
    if (want === 200) expect(expectOk(res)).toEqual({ total: 0, items: [] });
    else expectFailure(res, want[0], want[1]);
  });

  it.each(ROLES)('answers %s as GET /v1/jobs does', async (role) => {
    const query = { project_id: projectFor(role) };
    const workflow = await t.request('GET', '/v1/jobs/workflow', { token: tokenOf(role), query });
    const jobs = await t.request('GET', '/v1/jobs', { token: tokenOf(role), query });
    expect({ status: workflow.status, success: workflow.body.success, msg: workflow.body.msg }).toEqual({
      status: jobs.status,
      success: jobs.body.success,
      msg: jobs.body.msg,
    });
  });

  it('hides a project in the recycle bin, from its owner too', async () => {
    const { id } = await sharedProject(t, users.owner.token, 'READ_WRITE', [], 'BN12', 'Binned');
    expectOk(
      await t.request('POST', `/v1/projects/${id}/add_to_recycle`, { token: users.owner.token }),
      'deleteSuccessful',
    );
    const res = await t.request('GET', '/v1/jobs/workflow', { token: users.owner.token, query: { project_id: id } });
    expectFailure(res, 404, 'projectNotFound');
  });

  it('refuses a project that does not exist, as for a stranger', async () => {
    const res = await t.request('GET', '/v1/jobs/workflow', {
      token: users.owner.token,
      query: { project_id: 999999 },
    });
    expectFailure(res, 404, 'projectNotFound');
  });

  it.each([
    ['no project_id', { project_id: undefined }, 'validationRequired', { field: 'project_id' }],
    ['a project_id that is not a number', { project_id: 'abc' }, 'validationNotNumber', { field: 'project_id' }],
    ['page 0', { page: 0 }, 'validationAtLeast', { field: 'page', min: 1 }],
    ['a limit that is not a number', { limit: 'many' }, 'validationNotNumber', { field: 'limit' }],
    ['a limit above the largest page', { limit: 100_000 }, 'validationBetween', { field: 'limit', min: 1, max: 100 }],
  ] as const)('refuses %s (400)', async (_name, extra, key: MessageKey, params) => {
    const query = { project_id: projects.rw, ...extra };
    const res = await t.request('GET', '/v1/jobs/workflow', { token: users.owner.token, query });
    expectFailure(res, 400, key, { params });
  });

  it('answers in Chinese when asked', async () => {
    const res = await t.request('GET', '/v1/jobs/workflow', {
      token: users.stranger.token,
      query: { project_id: projects.rw },
      lang: 'zh-CN',
    });
    expectFailure(res, 404, 'projectNotFound', { lang: 'zh-CN' });
  });

  it('does not disturb GET /v1/jobs/:id (a static segment wins over the id parameter)', async () => {
    const res = await t.request('GET', '/v1/jobs/12345', { token: users.owner.token });
    expect(res.status).toBe(404);
  });
});
