import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, expectFailure, expectOk } from './support/helpers';
import { createTestApp, guestLogin, registerUser, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('POST /v1/users/feedback', () => {
  it('stores the feedback of a signed-in user', async () => {
    const { token, user } = await registerUser(t);
    const before = await countRows(t, 'feedback');
    const res = await t.request('POST', '/v1/users/feedback', {
      token,
      body: { email: 'Me@Example.org', content: '  The viewer is great  ' },
    });
    expectOk(res, 'sendFeedbackSuccessful');
    expect(await countRows(t, 'feedback')).toBe(before + 1);
    const row = await t.db.kysely.selectFrom('feedback').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: user.id, email: 'me@example.org', content: 'The viewer is great' });
  });

  it('accepts guests too', async () => {
    const { token } = await guestLogin(t);
    expectOk(
      await t.request('POST', '/v1/users/feedback', { token, body: { email: 'g@example.org', content: 'hi' } }),
      'sendFeedbackSuccessful',
    );
  });

  it('rejects bad input with the spec texts and stores nothing', async () => {
    const { token } = await guestLogin(t);
    const before = await countRows(t, 'feedback');
    const send = (body: unknown) => t.request('POST', '/v1/users/feedback', { token, body });
    expectFailure(await send({ content: 'x' }), 400, 'emailRequired');
    expectFailure(await send({ email: 'not-an-email', content: 'x' }), 400, 'emailInvalid');
    expectFailure(await send({ email: 'a@b.org', content: '   ' }), 400, 'feedbackRequired');
    expectFailure(await send({ email: 'a@b.org' }), 400, 'feedbackRequired');
    expectFailure(await send({ email: 'a@b.org', content: 'x'.repeat(1001) }), 400, 'feedbackTooLong');
    expect(await countRows(t, 'feedback')).toBe(before);
  });

  it('needs a session', async () => {
    expectFailure(
      await t.request('POST', '/v1/users/feedback', { body: { email: 'a@b.org', content: 'x' } }),
      401,
      'sessionExpired',
    );
  });
});
