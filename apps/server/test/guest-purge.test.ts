import { type AuthResult, LIMITS } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DAY,
  expectFailure,
  expectOk,
  listProjects,
  login,
  memberIds,
  projectRow,
  sendEmailCode,
  sharedProject,
  signUpBody,
} from './support/helpers';
import { createProject, createTestApp, guestLogin, registerUser, type TestApp, uniqueEmail } from './support/test-app';

/**
 * Guest data is kept one month (spec §1, §6). The purge runs on the injected clock:
 * guests older than 30 days go with everything they own; nobody else loses anything.
 * The tests are the steps of one timeline through the API (day 31, then day 33), in
 * order; the rule's edges, stored objects included, are in test/medium/guest-purge.test.ts.
 */

let t: TestApp;
let registered: AuthResult & { email: string };
let upgraded: AuthResult;
let oldGuest: AuthResult;
let youngGuest: AuthResult;
const purged: number[][] = [];

/** Every row that names a user, per table, for one user id. */
async function rowsOf(userId: number) {
  const db = t.db.kysely;
  const count = async (q: { execute(): Promise<unknown[]> }) => (await q.execute()).length;
  return {
    users: await count(db.selectFrom('users').select('id').where('id', '=', userId)),
    sessions: await count(db.selectFrom('sessions').select('id').where('user_id', '=', userId)),
    projects: await count(db.selectFrom('projects').select('id').where('creator_id', '=', userId)),
    memberships: await count(db.selectFrom('project_members').select('user_id').where('user_id', '=', userId)),
    joinAttempts: await count(db.selectFrom('join_attempts').select('id').where('user_id', '=', userId)),
  };
}

let registeredShared: number;
let registeredOther: number;
let oldGuestProjects: number[];
let oldGuestShared: number;
let youngGuestProject: number;
let upgradedProject: number;

beforeAll(async () => {
  t = await createTestApp();
  t.app.services.guestPurge.addHook(async (ids) => {
    purged.push([...ids]);
  });

  // Day 0: a registered user with two shared projects; the old guest and a guest that registers.
  const email = uniqueEmail('keeper');
  registered = { ...(await registerUser(t, email)), email };
  ({ id: registeredShared } = await sharedProject(t, registered.token, 'READ_WRITE', [], 'KEEP', 'Kept'));
  ({ id: registeredOther } = await sharedProject(t, registered.token, 'READ_ONLY', [], 'LOCK', 'Other'));

  oldGuest = await guestLogin(t);
  const plain = await createProject(t, oldGuest.token, 'Guest plain');
  ({ id: oldGuestShared } = await sharedProject(
    t,
    oldGuest.token,
    'READ_ONLY',
    [registered.token],
    'GSTS',
    'Guest shared',
  ));
  oldGuestProjects = [plain, oldGuestShared];
  // Membership in the registered user's project, and a failed join elsewhere.
  expectOk(
    await t.request('POST', `/v1/projects/${registeredShared}/join`, {
      token: oldGuest.token,
      body: { share_code: 'KEEP' },
    }),
    'joinSuccessful',
  );
  expectFailure(
    await t.request('POST', `/v1/projects/${registeredOther}/join`, {
      token: oldGuest.token,
      body: { share_code: 'NOPE' },
    }),
    400,
    'wrongShareCode',
  );

  const guestToUpgrade = await guestLogin(t);
  upgradedProject = await createProject(t, guestToUpgrade.token, 'Upgraded');
  const upEmail = uniqueEmail('upgraded');
  const code = await sendEmailCode(t, upEmail, 'sign_up');
  const res = await t.request<AuthResult>('POST', '/v1/users/sign_up', {
    token: guestToUpgrade.token,
    body: signUpBody(upEmail, code),
  });
  upgraded = expectOk(res, 'signUpSuccessful');
  expect(upgraded.user.id).toBe(guestToUpgrade.user.id);

  // Day 2: a younger guest joins the registered user's project too.
  t.clock.advance(2 * DAY);
  youngGuest = await guestLogin(t);
  youngGuestProject = await createProject(t, youngGuest.token, 'Young');
  expectOk(
    await t.request('POST', `/v1/projects/${registeredShared}/join`, {
      token: youngGuest.token,
      body: { share_code: 'keep' },
    }),
    'joinSuccessful',
  );

  // Day 31: the old guest is 31 days old, the young one 29.
  t.clock.advance(29 * DAY);
});
afterAll(() => t?.close());

describe('guest purge', () => {
  it('keeps nothing of a guest created 31 days ago', async () => {
    expect(LIMITS.guestRetentionDays).toBe(30);
    const before = await rowsOf(oldGuest.user.id);
    // The rows exist before the purge, so their absence after proves the purge removed them.
    expect(before).toEqual({ users: 1, sessions: 1, projects: 2, memberships: 1, joinAttempts: 2 });
    expect(await memberIds(t, oldGuestShared)).toEqual([registered.user.id]);

    expect(await t.app.services.guestPurge.purgeExpired()).toBe(1);
    expect(purged).toEqual([[oldGuest.user.id]]);

    expect(await rowsOf(oldGuest.user.id)).toEqual({
      users: 0,
      sessions: 0,
      projects: 0,
      memberships: 0,
      joinAttempts: 0,
    });
    for (const id of oldGuestProjects) {
      expect(await projectRow(t, id)).toBeUndefined();
      expect(await memberIds(t, id)).toEqual([]);
      const attempts = await t.db.kysely
        .selectFrom('join_attempts')
        .select('id')
        .where('project_id', '=', id)
        .execute();
      expect(attempts).toEqual([]);
    }
    expectFailure(await t.request('GET', '/v1/users/', { token: oldGuest.token }), 401, 'sessionExpired');
  });

  it('keeps a guest created 29 days ago, with its projects, session and memberships', async () => {
    expect(await rowsOf(youngGuest.user.id)).toEqual({
      users: 1,
      sessions: 1,
      projects: 1,
      memberships: 1,
      joinAttempts: 1,
    });
    const me = await t.request<{ id: number; user_type: string }>('GET', '/v1/users/', { token: youngGuest.token });
    expect(expectOk(me)).toMatchObject({ id: youngGuest.user.id, user_type: 'GUEST' });
    const list = await listProjects(t, youngGuest.token);
    expect(list.items.map((p) => p.id).sort()).toEqual([youngGuestProject, registeredShared].sort());
  });

  it('never purges registered users, including a guest that registered', async () => {
    for (const user of [registered, upgraded]) {
      const rows = await rowsOf(user.user.id);
      expect(rows.users).toBe(1);
      expect(rows.projects).toBeGreaterThan(0);
    }
    expect(await projectRow(t, upgradedProject)).toMatchObject({ creator_id: upgraded.user.id });
    // Their 30-day sessions have ended, but the accounts sign in again.
    const again = await login(t, registered.email);
    const list = await listProjects(t, again.token);
    expect(list.items.map((p) => p.id).sort()).toEqual([registeredShared, registeredOther].sort());
  });

  it('keeps a registered user’s shared project that a purged guest had joined', async () => {
    expect(await projectRow(t, registeredShared)).toMatchObject({
      creator_id: registered.user.id,
      is_shared: 1,
      deleted_at: null,
      project_name: 'Kept',
    });
    expect(await memberIds(t, registeredShared)).toEqual([youngGuest.user.id]);
    expect(await projectRow(t, registeredOther)).toMatchObject({ creator_id: registered.user.id, is_shared: 1 });
  });

  it('does nothing when run again, and purges the younger guest once it passes 30 days', async () => {
    expect(await t.app.services.guestPurge.purgeExpired()).toBe(0);
    expect(purged).toHaveLength(1);
    t.clock.advance(DAY - 1000);
    expect(await t.app.services.guestPurge.purgeExpired()).toBe(0);
    t.clock.advance(1000 + DAY);
    expect(await t.app.services.guestPurge.purgeExpired()).toBe(1);
    expect(purged[1]).toEqual([youngGuest.user.id]);
    expect(await rowsOf(youngGuest.user.id)).toEqual({
      users: 0,
      sessions: 0,
      projects: 0,
      memberships: 0,
      joinAttempts: 0,
    });
    expect(await projectRow(t, youngGuestProject)).toBeUndefined();
    expect(await memberIds(t, registeredShared)).toEqual([]);
    expect(await projectRow(t, registeredShared)).toMatchObject({ creator_id: registered.user.id });
    expect(await rowsOf(upgraded.user.id)).toMatchObject({ users: 1, projects: 1 });
  });
});
