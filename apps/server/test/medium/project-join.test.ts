import { JOIN_POLICY } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../../src/lib/clock';
import { createMediumContext, expectAppError, type MediumContext } from '../support/medium';

/** ProjectsService.join: wrong share codes are counted per (user, project), even when sent together. */

let m: MediumContext;
beforeAll(async () => {
  m = await createMediumContext();
});
afterAll(() => m?.close());

const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'joined',
    (err: { key?: string }) => err.key ?? String(err),
  );

describe('ProjectsService.join', () => {
  it('tries exactly the allowed number of wrong codes sent in parallel and refuses the rest', async () => {
    const p = await m.buildProject({ share: { type: 'READ_ONLY', code: 'PAR1' } });
    const guesser = await m.buildUser({ guest: true });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        outcome(m.projects.service.join(guesser.auth, p.id, `W${i}`.padEnd(4, 'X'))),
      ),
    );
    expect(results.filter((r) => r === 'wrongShareCode')).toHaveLength(JOIN_POLICY.maxFailures);
    expect(results.filter((r) => r === 'tooManyAttempts')).toHaveLength(20 - JOIN_POLICY.maxFailures);
    // Only the tried ones are recorded: a refused try is not a failure.
    const attempts = await m.db.kysely.selectFrom('join_attempts').selectAll().where('project_id', '=', p.id).execute();
    expect(attempts.map((a) => a.succeeded)).toEqual(Array(JOIN_POLICY.maxFailures).fill(0));
    await expectAppError(m.projects.service.join(guesser.auth, p.id, 'PAR1'), 429, 'tooManyAttempts');
    expect(await m.projects.repository.isMember(p.id, guesser.user.id)).toBe(false);
  });

  it('lifts the lock when the oldest failure leaves the window, and then the right code joins', async () => {
    const p = await m.buildProject({ share: { type: 'READ_WRITE', code: 'WIN1' } });
    const user = await m.buildUser();
    for (let i = 0; i < JOIN_POLICY.maxFailures; i++) {
      await expectAppError(m.projects.service.join(user.auth, p.id, 'BADX'), 400, 'wrongShareCode');
    }
    m.clock.advance(JOIN_POLICY.windowMinutes * MINUTE - 1);
    await expectAppError(m.projects.service.join(user.auth, p.id, 'WIN1'), 429, 'tooManyAttempts');
    m.clock.advance(1);
    expect(await m.projects.service.join(user.auth, p.id, 'win1')).toMatchObject({ id: p.id, role: 'READ_WRITE' });
    expect((await m.projects.access.require(user.auth, p.id, 'write')).role).toBe('READ_WRITE');
  });
});
