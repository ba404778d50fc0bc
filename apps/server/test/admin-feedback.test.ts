import type { AdminFeedback, AdminFeedbackList, AuthResult } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectOk, sharedProject } from './support/helpers';
import { ROLES, type Role } from './support/roles';
import { createTestApp, guestLogin, registerUser, type TestApp, uniqueEmail } from './support/test-app';

/** The admin area's feedback inbox (issue 15 part 5): GET /v1/admin/feedback, PUT /v1/admin/feedback/{id}. */
const ADMIN = uniqueEmail('inboxadmin');
let t: TestApp;
let admin: AuthResult;
const users = {} as Record<Exclude<Role, 'noToken'>, AuthResult>;

const send = (token: string, content: string) =>
  t.request('POST', '/v1/users/feedback', { token, body: { email: 'reader@example.org', content } });
const inbox = async (status?: string) =>
  expectOk(await t.request<AdminFeedbackList>('GET', '/v1/admin/feedback', { token: admin.token, query: { status } }));

beforeAll(async () => {
  t = await createTestApp({ adminEmails: ADMIN });
  admin = await registerUser(t, ADMIN);
  users.owner = await registerUser(t);
  users.readWriteMember = await registerUser(t);
  users.readOnlyMember = await registerUser(t);
  users.stranger = await registerUser(t);
  users.guest = await guestLogin(t);
  await sharedProject(t, users.owner.token, 'READ_WRITE', [users.readWriteMember.token], 'FB12');
  expectOk(await send(users.owner.token, 'The docking wizard is great.'), 'sendFeedbackSuccessful');
  expectOk(await send(users.guest.token, 'Please add more tools.'), 'sendFeedbackSuccessful');
});
afterAll(() => t?.close());

describe('the feedback inbox', () => {
  it('lists open feedback newest first, with who sent it', async () => {
    const open = await inbox();
    expect(open.total).toBe(2);
    expect(open.items.map((f) => f.content)).toEqual(['Please add more tools.', 'The docking wizard is great.']);
    expect(open.items[0]).toMatchObject({
      email: 'reader@example.org',
      user: { id: users.guest.user.id, user_type: 'GUEST' },
      handled_at: null,
    });
    expect(open.items[1]?.user).toEqual({
      id: users.owner.user.id,
      username: users.owner.user.username,
      user_type: 'REGISTERED',
    });
  });

  it('marks one handled (it leaves the open list), keeps the first time, and opens it again', async () => {
    const [first] = (await inbox()).items;
    t.clock.advance(60_000);
    const handled = expectOk(
      await t.request<AdminFeedback>('PUT', `/v1/admin/feedback/${first!.id}`, {
        token: admin.token,
        body: { handled: true },
      }),
      'feedbackHandled',
    );
    expect(handled.handled_at).not.toBeNull();
    t.clock.advance(60_000);
    const again = expectOk(
      await t.request<AdminFeedback>('PUT', `/v1/admin/feedback/${first!.id}`, {
        token: admin.token,
        body: { handled: true },
      }),
      'feedbackHandled',
    );
    expect(again.handled_at).toBe(handled.handled_at);
    expect((await inbox()).items.map((f) => f.id)).not.toContain(first!.id);
    expect((await inbox('handled')).items.map((f) => f.id)).toEqual([first!.id]);
    expect((await inbox('all')).total).toBe(2);
    const reopened = expectOk(
      await t.request<AdminFeedback>('PUT', `/v1/admin/feedback/${first!.id}`, {
        token: admin.token,
        body: { handled: false },
      }),
      'feedbackReopened',
    );
    expect(reopened.handled_at).toBeNull();
    expect((await inbox()).total).toBe(2);
  });

  it('refuses bad input: an unknown filter, a missing flag, a feedback that does not exist', async () => {
    const filter = await t.request('GET', '/v1/admin/feedback', { token: admin.token, query: { status: 'spam' } });
    expect(filter.status).toBe(400);
    expect(filter.body).toMatchObject({ success: false, data: null });
    const [one] = (await inbox('all')).items;
    const missing = await t.request('PUT', `/v1/admin/feedback/${one!.id}`, { token: admin.token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toContain('handled');
    expectFailure(
      await t.request('PUT', '/v1/admin/feedback/999999', { token: admin.token, body: { handled: true } }),
      404,
      'feedbackNotFound',
    );
    expect((await inbox('all')).items.find((f) => f.id === one!.id)?.handled_at).toBeNull();
  });

  it.each(ROLES)('refuses %s', async (role) => {
    const token = role === 'noToken' ? undefined : users[role].token;
    const [one] = (await inbox('all')).items;
    const calls = [
      await t.request('GET', '/v1/admin/feedback', { token }),
      await t.request('PUT', `/v1/admin/feedback/${one!.id}`, { token, body: { handled: true } }),
    ];
    for (const res of calls) {
      if (role === 'noToken') expectFailure(res, 401, 'sessionExpired');
      else expectFailure(res, 403, 'adminOnly');
    }
    expect((await inbox('all')).items.find((f) => f.id === one!.id)?.handled_at).toBeNull();
  });
});
