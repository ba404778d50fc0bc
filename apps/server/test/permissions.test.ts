import type { AuthResult, MessageKey, ShareType } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectOk, memberIds, projectRow, SECOND } from './support/helpers';
import {
  createProject,
  createTestApp,
  guestLogin,
  joinProject,
  registerUser,
  shareProject,
  type TestApp,
  type TestResponse,
} from './support/test-app';

/**
 * Who may call what on a project: every project-scoped call × every kind of caller.
 * Each cell runs on a fresh project (shared, with its member joined) so no call's
 * effect leaks into another cell, and checks the project row afterwards: refused
 * calls change nothing, allowed ones do what they say.
 */

type Role = 'owner' | 'readWriteMember' | 'readOnlyMember' | 'stranger' | 'guest' | 'noToken';
const ROLES: Role[] = ['owner', 'readWriteMember', 'readOnlyMember', 'stranger', 'guest', 'noToken'];

const CODE = 'K3Y9';

interface Fixture {
  id: number;
  shareId: string;
  url: string;
}

type ProjectSnapshot = { row: unknown; members: number[] };

interface Call {
  name: string;
  /** Puts the fresh project in the state the call is about (e.g. in the bin for restore). */
  prepare?: (f: Fixture) => Promise<void>;
  run: (token: string | undefined, f: Fixture) => Promise<TestResponse>;
  /** The success message and the change an allowed call makes (none when omitted). */
  ok: MessageKey;
  effect?: (before: ProjectSnapshot, after: ProjectSnapshot, f: Fixture, userId: number) => void;
  /** Expected answer per role: 200, or [status, message key]. */
  expect: Record<Role, 200 | [number, MessageKey]>;
}

let t: TestApp;
const users = {} as Record<Exclude<Role, 'noToken'>, AuthResult>;

const tokenOf = (role: Role) => (role === 'noToken' ? undefined : users[role].token);

async function snapshot(id: number): Promise<ProjectSnapshot> {
  return { row: await projectRow(t, id), members: await memberIds(t, id) };
}

async function freshProject(type: ShareType, memberRole: 'readWriteMember' | 'readOnlyMember'): Promise<Fixture> {
  const id = await createProject(t, users.owner.token, 'Matrix');
  const shareId = await shareProject(t, users.owner.token, id, type, CODE);
  await joinProject(t, users[memberRole].token, id, CODE);
  const link = await t.request<{ url: string }>('POST', `/v1/projects/${id}/share_url`, { token: users.owner.token });
  return { id, shareId, url: expectOk(link).url };
}

const notFound: [number, MessageKey] = [404, 'projectNotFound'];
const creatorOnly: [number, MessageKey] = [403, 'creatorOnly'];
const noSession: [number, MessageKey] = [401, 'sessionExpired'];
const ownerOnly: Call['expect'] = {
  owner: 200,
  readWriteMember: creatorOnly,
  readOnlyMember: creatorOnly,
  stranger: notFound,
  guest: notFound,
  noToken: noSession,
};

const row = (s: ProjectSnapshot) => s.row as Record<string, unknown>;

const CALLS: Call[] = [
  {
    name: 'GET /v1/projects/:id',
    run: (token, f) => t.request('GET', `/v1/projects/${f.id}`, { token }),
    ok: 'ok',
    expect: {
      owner: 200,
      readWriteMember: 200,
      readOnlyMember: 200,
      stranger: notFound,
      guest: notFound,
      noToken: noSession,
    },
  },
  {
    name: 'PUT /v1/projects/:id/name',
    run: (token, f) => t.request('PUT', `/v1/projects/${f.id}/name`, { token, body: { name: 'Renamed' } }),
    ok: 'renameProjectSuccessful',
    effect: (before, after) =>
      expect(row(after)).toEqual({ ...row(before), project_name: 'Renamed', updated_at: t.clock.now().toISOString() }),
    expect: ownerOnly,
  },
  {
    name: 'POST /v1/projects/:id/add_to_recycle',
    run: (token, f) => t.request('POST', `/v1/projects/${f.id}/add_to_recycle`, { token }),
    ok: 'deleteSuccessful',
    effect: (before, after) => expect(row(after)).toEqual({ ...row(before), deleted_at: t.clock.now().toISOString() }),
    expect: ownerOnly,
  },
  {
    name: 'POST /v1/projects/:id/restore (project in the bin)',
    prepare: async (f) => {
      const res = await t.request('POST', `/v1/projects/${f.id}/add_to_recycle`, { token: users.owner.token });
      expectOk(res, 'deleteSuccessful');
    },
    run: (token, f) => t.request('POST', `/v1/projects/${f.id}/restore`, { token }),
    ok: 'restoreSuccessful',
    effect: (before, after) =>
      expect(row(after)).toEqual({ ...row(before), deleted_at: null, updated_at: t.clock.now().toISOString() }),
    // A recycled project is hidden from its members too, so they get 404 like strangers.
    expect: { ...ownerOnly, readWriteMember: notFound, readOnlyMember: notFound },
  },
  {
    name: 'GET /v1/projects/:id/share',
    run: (token, f) => t.request('GET', `/v1/projects/${f.id}/share`, { token }),
    ok: 'ok',
    expect: ownerOnly,
  },
  {
    name: 'PUT /v1/projects/:id/share',
    run: (token, f) =>
      t.request('PUT', `/v1/projects/${f.id}/share`, {
        token,
        body: { is_shared: true, share_code: 'ZZ77', share_type: 'READ_ONLY', share_url: f.url },
      }),
    ok: 'applySuccessful',
    effect: (before, after) =>
      expect(row(after)).toEqual({
        ...row(before),
        share_code: 'ZZ77',
        share_type: 'READ_ONLY',
        is_shared: 1,
        updated_at: t.clock.now().toISOString(),
      }),
    expect: ownerOnly,
  },
  {
    name: 'POST /v1/projects/:id/share_url',
    run: (token, f) => t.request('POST', `/v1/projects/${f.id}/share_url`, { token }),
    ok: 'ok',
    expect: ownerOnly,
  },
  {
    name: 'GET /v1/projects/shares/:id',
    run: (token, f) => t.request('GET', `/v1/projects/shares/${f.shareId}`, { token }),
    ok: 'ok',
    expect: {
      owner: 200,
      readWriteMember: 200,
      readOnlyMember: 200,
      stranger: 200,
      guest: 200,
      noToken: noSession,
    },
  },
  {
    name: 'POST /v1/projects/:id/join (right code)',
    run: (token, f) => t.request('POST', `/v1/projects/${f.id}/join`, { token, body: { share_code: CODE } }),
    ok: 'joinSuccessful',
    effect: (before, after, _f, userId) => {
      expect(row(after)).toEqual(row(before));
      const expected = userId === users.owner.user.id ? before.members : [...new Set([...before.members, userId])];
      expect(after.members).toEqual(expected.sort((a, b) => a - b));
    },
    expect: {
      owner: 200,
      readWriteMember: 200,
      readOnlyMember: 200,
      stranger: 200,
      guest: 200,
      noToken: noSession,
    },
  },
];

beforeAll(async () => {
  t = await createTestApp();
  users.owner = await registerUser(t);
  users.readWriteMember = await registerUser(t);
  users.readOnlyMember = await registerUser(t);
  users.stranger = await registerUser(t);
  users.guest = await guestLogin(t);
});
afterAll(() => t?.close());

const cells = CALLS.flatMap((call) => ROLES.map((role) => ({ call: call.name, role, expected: call.expect[role] })));

describe('project permission matrix', () => {
  it('covers every call for every role', () => {
    expect(cells).toHaveLength(CALLS.length * ROLES.length);
    expect(CALLS.map((c) => c.name.split(' ')[1])).toEqual([
      '/v1/projects/:id',
      '/v1/projects/:id/name',
      '/v1/projects/:id/add_to_recycle',
      '/v1/projects/:id/restore',
      '/v1/projects/:id/share',
      '/v1/projects/:id/share',
      '/v1/projects/:id/share_url',
      '/v1/projects/shares/:id',
      '/v1/projects/:id/join',
    ]);
  });

  it.each(cells)('$call as $role → $expected', async ({ call: name, role, expected }) => {
    const call = CALLS.find((c) => c.name === name)!;
    // The member's role is the project's share type, so each member kind gets its own type.
    const f = await freshProject(
      role === 'readOnlyMember' ? 'READ_ONLY' : 'READ_WRITE',
      role === 'readOnlyMember' ? 'readOnlyMember' : 'readWriteMember',
    );
    await call.prepare?.(f);
    t.clock.advance(SECOND);
    const before = await snapshot(f.id);
    const res = await call.run(tokenOf(role), f);
    const after = await snapshot(f.id);
    if (expected === 200) {
      expectOk(res, call.ok);
      if (call.effect) call.effect(before, after, f, role === 'noToken' ? 0 : users[role].user.id);
      else expect(after).toEqual(before);
    } else {
      expectFailure(res, expected[0], expected[1]);
      expect(after).toEqual(before);
    }
  });
});

describe('a READ_ONLY member', () => {
  it('changes nothing with any call, whatever it sends', async () => {
    const member = users.readOnlyMember;
    const f = await freshProject('READ_ONLY', 'readOnlyMember');
    const before = await snapshot(f.id);
    expect(before.members).toEqual([member.user.id]);
    const token = member.token;
    const attempts: [string, string, unknown?][] = [
      ['PUT', `/v1/projects/${f.id}/name`, { name: 'Hijacked' }],
      ['POST', `/v1/projects/${f.id}/add_to_recycle`],
      ['POST', `/v1/projects/${f.id}/restore`],
      ['PUT', `/v1/projects/${f.id}/share`, { is_shared: false }],
      [
        'PUT',
        `/v1/projects/${f.id}/share`,
        { is_shared: true, share_code: 'MINE', share_type: 'READ_WRITE', share_url: f.url },
      ],
      ['POST', `/v1/projects/${f.id}/share_url`],
      ['GET', `/v1/projects/${f.id}/share`],
      ['POST', `/v1/projects/${f.id}/join`, { share_code: 'XXXX' }],
      ['POST', `/v1/projects/${f.id}/join`, { share_code: CODE }],
      ['GET', `/v1/projects/${f.id}`],
      ['GET', `/v1/projects/shares/${f.shareId}`],
    ];
    const statuses: number[] = [];
    for (const [method, url, body] of attempts) {
      t.clock.advance(SECOND);
      statuses.push((await t.request(method, url, { token, body })).status);
    }
    expect(statuses).toEqual([403, 403, 404, 403, 403, 403, 403, 400, 200, 200, 200]);
    expect(await snapshot(f.id)).toEqual(before);
    // Still read-only afterwards: the project says so and nothing was upgraded.
    const detail = await t.request<{ role: string }>('GET', `/v1/projects/${f.id}`, { token });
    expect(expectOk(detail).role).toBe('READ_ONLY');
  });
});
