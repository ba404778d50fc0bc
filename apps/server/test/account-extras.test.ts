import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, expectFailure, expectOk } from './support/helpers';
import { createProject, createTestApp, guestLogin, registerUser, type TestApp } from './support/test-app';

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

describe('POST /v1/users/guest_login while already a guest', () => {
  it('keeps the same guest (and its projects) instead of making a new one', async () => {
    const first = await guestLogin(t);
    const projectId = await createProject(t, first.token, 'Mine');
    const again = await t.request<{ user: { id: number }; token: string }>('POST', '/v1/users/guest_login', {
      token: first.token,
      body: {},
    });
    const data = expectOk(again, 'loginSuccessful');
    expect(data.user.id).toBe(first.user.id);
    const project = await t.request('GET', `/v1/projects/${projectId}`, { token: data.token });
    expect(project.status).toBe(200);
  });

  it('a registered user asking for a guest session gets a new guest', async () => {
    const registered = await registerUser(t);
    const res = await t.request<{ user: { id: number; user_type: string } }>('POST', '/v1/users/guest_login', {
      token: registered.token,
      body: {},
    });
    expect(expectOk(res, 'loginSuccessful').user).toMatchObject({ user_type: 'GUEST' });
    expect(res.body.data.user.id).not.toBe(registered.user.id);
  });
});
