import { SESSION_POLICY } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY } from '../../src/lib/clock';
import { sha256 } from '../../src/lib/secrets';
import type { BuiltUser } from '../support/factories';
import { createMediumContext, type MediumContext } from '../support/medium';

/** SessionService on the ManualClock: a token lives exactly its policy's days, is stored hashed, and ends on demand. */

let m: MediumContext;
beforeAll(async () => {
  m = await createMediumContext();
});
afterAll(() => m?.close());

const sessionsOf = (user: BuiltUser) =>
  m.db.kysely.selectFrom('sessions').selectAll().where('user_id', '=', user.user.id).orderBy('id').execute();

describe('session expiry', () => {
  it.each([
    ['registered', false, SESSION_POLICY.registeredDays],
    ['guest', true, SESSION_POLICY.guestDays],
  ] as const)(
    'a %s session resolves until the last millisecond of its days, and not at their end',
    async (_kind, guest, days) => {
      const user = await m.buildUser({ guest });
      const created = m.clock.now().getTime();
      const [row] = await sessionsOf(user);
      expect(row?.expires_at).toBe(new Date(created + days * DAY).toISOString());

      m.clock.set(new Date(created + days * DAY - 1));
      expect((await m.users.sessions.resolve(user.token))?.user.id).toBe(user.user.id);
      m.clock.set(new Date(created + days * DAY));
      expect(await m.users.sessions.resolve(user.token)).toBeNull();
      m.clock.set(new Date(created + days * DAY + DAY));
      expect(await m.users.sessions.resolve(user.token)).toBeNull();
    },
  );

  it('deleteExpired removes the ended sessions and only those', async () => {
    const early = await m.buildUser();
    m.clock.advance(DAY);
    const late = await m.buildUser();
    m.clock.advance(SESSION_POLICY.registeredDays * DAY - DAY);
    // early's session ends now; late's one day later.
    await m.users.sessions.deleteExpired();
    expect(await sessionsOf(early)).toEqual([]);
    expect(await sessionsOf(late)).toHaveLength(1);
    expect((await m.users.sessions.resolve(late.token))?.user.id).toBe(late.user.id);
  });
});

describe('session tokens', () => {
  it('are stored only as their SHA-256, and an unknown token resolves to nobody', async () => {
    const user = await m.buildUser();
    const [row] = await sessionsOf(user);
    expect(row?.token_hash).toBe(sha256(user.token));
    expect(JSON.stringify(row)).not.toContain(user.token);
    expect(await m.users.sessions.resolve(`${user.token}x`)).toBeNull();
    expect(await m.users.sessions.resolve('')).toBeNull();
  });

  it('revoke ends one session; revokeAllExcept ends every other one of the user and no one else’s', async () => {
    const user = await m.buildUser();
    const bystander = await m.buildUser();
    const tokens = [user.token, await m.users.sessions.create(user.user), await m.users.sessions.create(user.user)];
    const ids = await Promise.all(tokens.map(async (t) => (await m.users.sessions.resolve(t))!.sessionId));

    await m.users.sessions.revoke(ids[0]!);
    expect(await m.users.sessions.resolve(tokens[0]!)).toBeNull();
    expect((await sessionsOf(user)).map((s) => s.id)).toEqual([ids[1], ids[2]]);

    await m.users.sessions.revokeAllExcept(user.user.id, ids[2]!);
    expect((await sessionsOf(user)).map((s) => s.id)).toEqual([ids[2]]);
    expect((await m.users.sessions.resolve(tokens[2]!))?.sessionId).toBe(ids[2]);
    expect(await sessionsOf(bystander)).toHaveLength(1);

    await m.users.sessions.revokeAllExcept(user.user.id, null);
    expect(await sessionsOf(user)).toEqual([]);
    expect(await sessionsOf(bystander)).toHaveLength(1);
  });
});
