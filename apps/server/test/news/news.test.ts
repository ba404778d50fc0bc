import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type AdminMessage,
  type AdminMessageInput,
  type AdminMessageList,
  type AuthResult,
  type MessageContent,
  type MessageType,
  type SystemMessage,
  translate,
  type UnreadCount,
} from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../src/http/request-context';
import { countRows, expectFailure, expectOk, sharedProject } from '../support/helpers';
import { ROLES, type Role } from '../support/roles';
import {
  createProject,
  createTestApp,
  guestLogin,
  joinProject,
  registerUser,
  shareProject,
  type TestApp,
  uniqueEmail,
} from '../support/test-app';
import { TEST_JOB_TYPES } from '../support/test-job-types';
import { waitUntil } from '../support/wait';

/**
 * News (issue 15 part 1): admins' notices and version notes, each user's event
 * notifications (jobs ending, joins), unread counts, acks, and who may call what.
 */
const ADMIN = uniqueEmail('newsadmin');
const NOTICE: AdminMessageInput = {
  type: 'NOTICE',
  title_en: 'Maintenance on Sunday',
  title_zh: '周日维护',
  content_en: 'The service stops from 02:00 to 04:00.\nJobs resume afterwards.',
  content_zh: '服务将于 02:00 至 04:00 暂停。\n之后任务将继续。',
};

let t: TestApp;
let admin: AuthResult;
const users = {} as Record<Exclude<Role, 'noToken'>, AuthResult>;
let projectId: number;
/** The (one) ECHO job waits for this gate, so a test can let time pass while it runs. */
let openGate!: () => void;
const gate = new Promise<void>((resolve) => {
  openGate = resolve;
});

beforeAll(async () => {
  t = await createTestApp({ adminEmails: ADMIN, jobMailAfterMinutes: 5 }, { jobTypes: TEST_JOB_TYPES });
  const { runner } = t.app.jobs;
  runner.register('ECHO', async (ctx) => {
    await gate;
    await ctx.run('/bin/echo', ['done']);
  });
  runner.register('FAIL', async (ctx) => {
    await ctx.run('/bin/sh', ['-c', 'echo boom >&2; exit 3']);
  });
  runner.register('SLEEP', async (ctx) => {
    await ctx.run('/bin/sh', ['-c', 'sleep 60']);
  });
  runner.start();
  admin = await registerUser(t, ADMIN);
  users.owner = await registerUser(t);
  users.readWriteMember = await registerUser(t);
  users.readOnlyMember = await registerUser(t);
  users.stranger = await registerUser(t);
  users.guest = await guestLogin(t);
  projectId = (await sharedProject(t, users.owner.token, 'READ_WRITE', [users.readWriteMember.token], 'NW12', 'News'))
    .id;
  const readOnly = await createProject(t, users.owner.token, 'NewsRO');
  await shareProject(t, users.owner.token, readOnly, 'READ_ONLY', 'NR12');
  await joinProject(t, users.readOnlyMember.token, readOnly, 'NR12');
});
afterAll(async () => {
  await t?.app.jobs.runner.stop();
  await t?.close();
});

const counts = async (token: string) =>
  Object.fromEntries(
    expectOk(await t.request<UnreadCount[]>('GET', '/v1/messages/unread/count', { token })).map((c) => [
      c.type,
      c.unread_count,
    ]),
  ) as Record<MessageType, number>;
const list = async (token: string, type: string, lang = 'en') =>
  expectOk(
    await t.request<SystemMessage[]>('GET', '/v1/messages/system', { token, query: { message_type: type }, lang }),
    'ok',
    lang === 'zh-CN' ? 'zh-CN' : 'en',
  );
const contentOf = (message: SystemMessage) => JSON.parse(message.content) as MessageContent;
const createMessage = async (input: AdminMessageInput = NOTICE) =>
  expectOk(
    await t.request<AdminMessage>('POST', '/v1/messages/admin', { token: admin.token, body: input }),
    'messageSaved',
  );
const publish = async (id: number) =>
  expectOk(
    await t.request<AdminMessage>('POST', `/v1/messages/admin/${id}/publish`, { token: admin.token }),
    'messagePublished',
  );
const authOf = async (token: string): Promise<AuthContext> => (await t.app.services.sessions.resolve(token))!;

describe('notices and version notes', () => {
  it('counts nothing unread for a new user, every type listed', async () => {
    const fresh = await registerUser(t);
    const res = await t.request<UnreadCount[]>('GET', '/v1/messages/unread/count', { token: fresh.token });
    expect(expectOk(res)).toEqual([
      { type: 'EVENT', unread_count: 0 },
      { type: 'NOTICE', unread_count: 0 },
      { type: 'VERSION', unread_count: 0 },
    ]);
  });

  it('keeps a draft from readers, then publishes it to everyone, guests included, in their language', async () => {
    const draft = await createMessage();
    expect(draft).toMatchObject({ ...NOTICE, status: 'DRAFT', author_id: admin.user.id, read_count: 0 });
    expect((await list(users.stranger.token, 'NOTICE')).map((m) => m.id)).not.toContain(draft.id);
    const before = await counts(users.guest.token);

    const published = await publish(draft.id);
    expect(published.status).toBe('PUBLISHED');
    expect(published.published_at).not.toBeNull();
    expect((await counts(users.guest.token)).NOTICE).toBe(before.NOTICE + 1);

    const [newest] = await list(users.stranger.token, 'NOTICE');
    expect(newest).toMatchObject({ id: draft.id, type: 'NOTICE', ack: false });
    expect(contentOf(newest!)).toEqual({ title: NOTICE.title_en, content: NOTICE.content_en });
    const [chinese] = await list(users.stranger.token, 'NOTICE', 'zh-CN');
    expect(contentOf(chinese!)).toEqual({ title: NOTICE.title_zh, content: NOTICE.content_zh });
  });

  it('acknowledges once per reader: the count drops, ack is true, a second ack changes nothing', async () => {
    const message = await publish((await createMessage({ ...NOTICE, type: 'VERSION', title_en: 'v2.1' })).id);
    const reader = users.readOnlyMember.token;
    const before = await counts(reader);
    expectOk(await t.request('POST', `/v1/messages/${message.id}/ack`, { token: reader }));
    expectOk(await t.request('POST', `/v1/messages/${message.id}/ack`, { token: reader }));
    expect((await counts(reader)).VERSION).toBe(before.VERSION - 1);
    expect((await list(reader, 'VERSION')).find((m) => m.id === message.id)?.ack).toBe(true);
    // Other readers are unaffected; the admin sees one read.
    expect((await list(users.stranger.token, 'VERSION')).find((m) => m.id === message.id)?.ack).toBe(false);
    const adminView = expectOk(await t.request<AdminMessageList>('GET', '/v1/messages/admin', { token: admin.token }));
    expect(adminView.items.find((m) => m.id === message.id)?.read_count).toBe(1);
  });

  it('marks every message of a type read at once, and only that type', async () => {
    await publish((await createMessage()).id);
    await publish((await createMessage({ ...NOTICE, type: 'VERSION' })).id);
    const reader = users.readWriteMember.token;
    const before = await counts(reader);
    expect(before.NOTICE).toBeGreaterThanOrEqual(2);
    expectOk(
      await t.request('POST', '/v1/messages/ack_all', { token: reader, body: { message_type: 'NOTICE' } }),
      'messagesAcked',
    );
    const after = await counts(reader);
    expect(after.NOTICE).toBe(0);
    expect(after.VERSION).toBe(before.VERSION);
    expect((await list(reader, 'NOTICE')).every((m) => m.ack)).toBe(true);
  });

  it('withdraws a published message from every list and count; only drafts are edited', async () => {
    const message = await publish((await createMessage({ ...NOTICE, title_en: 'Wrong date' })).id);
    const before = await counts(users.stranger.token);
    expectFailure(
      await t.request('PUT', `/v1/messages/admin/${message.id}`, { token: admin.token, body: NOTICE }),
      400,
      'messageNotDraft',
    );
    expectFailure(
      await t.request('POST', `/v1/messages/admin/${message.id}/publish`, { token: admin.token }),
      400,
      'messageAlreadyPublished',
    );
    const withdrawn = expectOk(
      await t.request<AdminMessage>('POST', `/v1/messages/admin/${message.id}/withdraw`, { token: admin.token }),
      'messageWithdrawn',
    );
    expect(withdrawn).toMatchObject({ status: 'WITHDRAWN' });
    expect(withdrawn.withdrawn_at).not.toBeNull();
    expect((await counts(users.stranger.token)).NOTICE).toBe(before.NOTICE - 1);
    expect((await list(users.stranger.token, 'NOTICE')).map((m) => m.id)).not.toContain(message.id);
    expectFailure(
      await t.request('POST', `/v1/messages/${message.id}/ack`, { token: users.stranger.token }),
      404,
      'messageNotFound',
    );
    expectFailure(
      await t.request('POST', `/v1/messages/admin/${message.id}/withdraw`, { token: admin.token }),
      400,
      'messageNotPublished',
    );
    expectFailure(
      await t.request('POST', `/v1/messages/admin/${message.id}/publish`, { token: admin.token }),
      400,
      'messageNotDraft',
    );
  });

  it('edits a draft in both languages', async () => {
    const draft = await createMessage();
    const edited = expectOk(
      await t.request<AdminMessage>('PUT', `/v1/messages/admin/${draft.id}`, {
        token: admin.token,
        body: { ...NOTICE, title_en: 'Maintenance moved to Monday', title_zh: '维护改至周一' },
      }),
      'messageSaved',
    );
    expect(edited).toMatchObject({ id: draft.id, status: 'DRAFT', title_en: 'Maintenance moved to Monday' });
  });
});

describe('bad input', () => {
  it('refuses an empty title or content, an unknown type and overlong text, storing nothing', async () => {
    const rows = await countRows(t, 'messages');
    const post = (body: unknown, lang?: string) =>
      t.request('POST', '/v1/messages/admin', { token: admin.token, body, lang });
    expectFailure(await post({ ...NOTICE, title_en: '   ' }), 400, 'messageTitleRequired');
    expectFailure(await post({ ...NOTICE, title_zh: undefined }), 400, 'messageTitleRequired');
    expectFailure(await post({ ...NOTICE, content_zh: '' }, 'zh-CN'), 400, 'messageContentRequired', {
      lang: 'zh-CN',
    });
    const wrongType = await post({ ...NOTICE, type: 'EVENT' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toMatchObject({ success: false, data: null });
    expect(wrongType.body.msg).toContain('type');
    const long = await post({ ...NOTICE, content_en: 'x'.repeat(5001) });
    expect(long.status).toBe(400);
    expect(long.body.msg).toContain('content_en');
    expect(await countRows(t, 'messages')).toBe(rows);
  });

  it('refuses an unknown message type in a reader call', async () => {
    const res = await t.request('GET', '/v1/messages/system', {
      token: users.owner.token,
      query: { message_type: 'SPAM' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, data: null });
    const all = await t.request('POST', '/v1/messages/ack_all', { token: users.owner.token, body: {} });
    expect(all.status).toBe(400);
  });

  it('answers messageNotFound for an id that is no message, a draft, or another user’s event', async () => {
    const draft = await createMessage();
    for (const id of [999_999, draft.id]) {
      expectFailure(
        await t.request('POST', `/v1/messages/${id}/ack`, { token: users.owner.token }),
        404,
        'messageNotFound',
      );
    }
    expectFailure(await t.request('POST', '/v1/messages/abc/ack', { token: users.owner.token }), 404, 'notFound');
    expectFailure(
      await t.request('POST', '/v1/messages/admin/999999/publish', { token: admin.token }),
      404,
      'messageNotFound',
    );
  });
});

describe('who may call what', () => {
  const ADMIN_CALLS: [string, (id: number) => string, unknown?][] = [
    ['GET', () => '/v1/messages/admin'],
    ['POST', () => '/v1/messages/admin', NOTICE],
    ['PUT', (id) => `/v1/messages/admin/${id}`, NOTICE],
    ['POST', (id) => `/v1/messages/admin/${id}/publish`],
    ['POST', (id) => `/v1/messages/admin/${id}/withdraw`],
  ];

  it.each(ROLES)('admin calls: %s is refused', async (role) => {
    const draft = await createMessage();
    const rows = await countRows(t, 'messages');
    for (const [method, path, body] of ADMIN_CALLS) {
      const token = role === 'noToken' ? undefined : users[role].token;
      const res = await t.request(method, path(draft.id), { token, body });
      if (role === 'noToken') expectFailure(res, 401, 'sessionExpired');
      else expectFailure(res, 403, 'messageAdminOnly');
    }
    expect(await countRows(t, 'messages')).toBe(rows);
    const still = expectOk(await t.request<AdminMessageList>('GET', '/v1/messages/admin', { token: admin.token }));
    expect(still.items.find((m) => m.id === draft.id)?.status).toBe('DRAFT');
  });

  it.each(ROLES)('reader calls: %s reads its own news, without a token 401', async (role) => {
    const paths: [string, string, unknown?][] = [
      ['GET', '/v1/messages/unread/count'],
      ['GET', '/v1/messages/system?message_type=NOTICE'],
      ['POST', '/v1/messages/ack_all', { message_type: 'VERSION' }],
    ];
    for (const [method, path, body] of paths) {
      const res = await t.request(method, path, { token: role === 'noToken' ? undefined : users[role].token, body });
      if (role === 'noToken') expectFailure(res, 401, 'sessionExpired');
      else expect(res.status, `${method} ${path}`).toBe(200);
    }
  });
});

describe('event notifications', () => {
  const submit = async (type: 'ECHO' | 'FAIL', token: string, name: string) =>
    t.app.jobs.service.submitRaw(await authOf(token), projectId, type, name, type === 'ECHO' ? { words: 'x' } : {});
  const status = async (id: number) =>
    (await t.db.kysely.selectFrom('jobs').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  it('tells the submitter, and nobody else, that its job finished, with a link to its result', async () => {
    const member = users.readWriteMember.token;
    const ownerBefore = await counts(users.owner.token);
    const id = await submit('ECHO', member, 'Long docking');
    await waitUntil(
      () => status(id),
      (s) => s === 'RUNNING',
      { what: 'the job to start' },
    );
    t.clock.advance(6 * 60_000 + 5_000);
    openGate();
    const [event] = await waitUntil(
      () => list(member, 'EVENT'),
      (events) => events.some((e) => contentOf(e).title.includes('Long docking')),
      { what: 'the finished-job event' },
    );
    expect(event!.ack).toBe(false);
    expect(contentOf(event!)).toEqual({
      title: 'Job finished: Long docking',
      content: translate('eventJobFinished', 'en', { name: 'Long docking', project: 'News', duration: '6 min 5 s' }),
      link: `/?project=${projectId}&jobId=${id}&jobType=ECHO&jobStatus=FINISHED`,
    });
    const [zh] = await list(member, 'EVENT', 'zh-CN');
    expect(contentOf(zh!).content).toContain('6 分钟 5 秒');
    // The project's owner did not submit it.
    expect((await counts(users.owner.token)).EVENT).toBe(ownerBefore.EVENT);
  });

  it('e-mails a registered submitter when the job ran longer than JOB_MAIL_AFTER_MINUTES', async () => {
    const outbox = readFileSync(join(t.config.dataDir, 'outbox.jsonl'), 'utf8').trim().split('\n');
    const mails = outbox
      .map((line) => JSON.parse(line) as { kind?: string; to: string; subject?: string; text?: string })
      .filter((m) => m.kind === 'job_ended');
    const member = (await t.app.services.sessions.resolve(users.readWriteMember.token))!.user;
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: member.email, subject: 'MedX Workbench: Job finished: Long docking' });
    expect(mails[0]!.text).toContain('您在项目 News 中的任务“Long docking”已完成，用时 6 分钟 5 秒。');
  });

  it('reports a failed job, without an e-mail when it was short', async () => {
    const id = await submit('FAIL', users.owner.token, 'Broken run');
    await waitUntil(
      () => status(id),
      (s) => s === 'FAILED',
      { what: 'the job to fail' },
    );
    const events = await waitUntil(
      () => list(users.owner.token, 'EVENT'),
      (all) => all.some((e) => contentOf(e).title === 'Job failed: Broken run'),
      { what: 'the failed-job event' },
    );
    expect(contentOf(events[0]!).link).toContain('jobStatus=FAILED');
    const outbox = readFileSync(join(t.config.dataDir, 'outbox.jsonl'), 'utf8');
    expect(outbox).not.toContain('Broken run');
  });

  it('tells a project creator who joined, once', async () => {
    const creator = await registerUser(t);
    const joiner = await registerUser(t);
    const id = await createProject(t, creator.token, 'Joinable');
    await shareProject(t, creator.token, id, 'READ_ONLY', 'JN12');
    await joinProject(t, joiner.token, id, 'JN12');
    await joinProject(t, joiner.token, id, 'JN12');
    await joinProject(t, users.guest.token, id, 'JN12');
    const events = await list(creator.token, 'EVENT');
    expect(events.map((e) => contentOf(e))).toEqual([
      {
        title: translate('eventShareJoinedTitle', 'en', { user: 'A guest', project: 'Joinable' }),
        content: translate('eventShareJoined', 'en', { user: 'A guest', project: 'Joinable', access: 'read-only' }),
        link: `/?project=${id}`,
      },
      {
        title: `${joiner.user.username} joined Joinable`,
        content: translate('eventShareJoined', 'en', {
          user: joiner.user.username,
          project: 'Joinable',
          access: 'read-only',
        }),
        link: `/?project=${id}`,
      },
    ]);
    // An event is its owner's alone: nobody else can acknowledge it.
    expectFailure(
      await t.request('POST', `/v1/messages/${events[0]!.id}/ack`, { token: joiner.token }),
      404,
      'messageNotFound',
    );
    expect((await counts(creator.token)).EVENT).toBe(2);
  });
});
