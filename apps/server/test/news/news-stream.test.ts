import type { AdminMessage, AuthResult, SystemMessage } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../src/http/request-context';
import { expectOk } from '../support/helpers';
import { createProject, createTestApp, registerUser, type TestApp, uniqueEmail } from '../support/test-app';
import { TEST_JOB_TYPES } from '../support/test-job-types';
import { waitUntil } from '../support/wait';

/**
 * GET /v1/messages/stream over a real socket: what a browser tab hears live (news reaching
 * the user, the user's jobs ending), the per-user cap, and the server closing with streams open.
 */
const ADMIN = uniqueEmail('streamadmin');
const STREAMS = 2;

let t: TestApp;
let base: string;
let admin: AuthResult;
let user: AuthResult;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp({ adminEmails: ADMIN, newsStreamsPerUser: STREAMS }, { jobTypes: TEST_JOB_TYPES });
  const { runner } = t.app.jobs;
  runner.register('ECHO', async (ctx) => {
    await ctx.run('/bin/echo', ['done']);
  });
  runner.register('FAIL', async (ctx) => {
    await ctx.run('/bin/sh', ['-c', 'exit 3']);
  });
  runner.register('SLEEP', async (ctx) => {
    await ctx.run('/bin/sh', ['-c', 'sleep 60']);
  });
  runner.start();
  admin = await registerUser(t, ADMIN);
  user = await registerUser(t);
  projectId = await createProject(t, user.token, 'Live');
  base = await t.app.http.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.app.jobs.runner.stop();
  await t?.close();
});

interface Frame {
  event: string;
  data: unknown;
}

/** An open stream: its status, and every event frame received so far. */
async function openStream(token: string | undefined) {
  const controller = new AbortController();
  const res = await fetch(`${base}/v1/messages/stream`, {
    headers: token ? { token } : {},
    signal: controller.signal,
  });
  const frames: Frame[] = [];
  let buffer = '';
  const reading = (async () => {
    if (!res.body || res.status !== 200) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) frames.push({ event, data: JSON.parse(data) });
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    res,
    frames,
    /** Resolves when the server ended the stream. */
    ended: reading,
    close: () => controller.abort(),
  };
}

const waitForFrame = (frames: Frame[], match: (f: Frame) => boolean, what: string) =>
  waitUntil(
    async () => frames.find(match),
    (f) => f !== undefined,
    { timeoutMs: 15_000, intervalMs: 20, what },
  );

describe('the live news stream', () => {
  it('refuses a request without a session', async () => {
    const stream = await openStream(undefined);
    expect(stream.res.status).toBe(401);
    expect(await stream.res.json()).toMatchObject({ success: false, data: null });
  });

  it('is a text/event-stream that pushes a published notice to every listener', async () => {
    const stream = await openStream(user.token);
    try {
      expect(stream.res.status).toBe(200);
      expect(stream.res.headers.get('content-type')).toContain('text/event-stream');
      expect(stream.res.headers.get('cache-control')).toContain('no-cache');
      const draft = expectOk(
        await t.request<AdminMessage>('POST', '/v1/messages/admin', {
          token: admin.token,
          body: { type: 'VERSION', title_en: 'v3', title_zh: 'v3', content_en: 'New.', content_zh: '新。' },
        }),
        'messageSaved',
      );
      // Nothing for a draft; the publication is heard.
      await t.request('POST', `/v1/messages/admin/${draft.id}/publish`, { token: admin.token });
      const frame = await waitForFrame(stream.frames, (f) => f.event === 'news', 'the news event');
      expect(frame).toEqual({ event: 'news', data: { type: 'VERSION' } });
      expect(stream.frames.filter((f) => f.event === 'news')).toHaveLength(1);
    } finally {
      stream.close();
    }
  });

  it("tells the submitter's tabs when a job ends: a finished job with its event, a stopped one without", async () => {
    const stream = await openStream(user.token);
    try {
      const auth = (await t.app.services.sessions.resolve(user.token)) as AuthContext;
      const done = await t.app.jobs.service.submitRaw(auth, projectId, 'ECHO', 'quick', { words: 'x' });
      await waitForFrame(stream.frames, (f) => f.event === 'job', 'the job event');
      const jobFrames = () => stream.frames.filter((f) => f.event === 'job');
      expect(jobFrames()[0]).toEqual({
        event: 'job',
        data: { job_id: done, project_id: projectId, status: 'FINISHED' },
      });
      await waitForFrame(
        stream.frames,
        (f) => f.event === 'news' && (f.data as { type: string }).type === 'EVENT',
        'the event notification',
      );

      const stopped = await t.app.jobs.service.submitRaw(auth, projectId, 'SLEEP', 'long', {});
      await waitUntil(
        async () =>
          (await t.db.kysely.selectFrom('jobs').select('status').where('id', '=', stopped).executeTakeFirstOrThrow())
            .status,
        (s) => s === 'RUNNING',
        { what: 'the sleep job to run' },
      );
      expectOk(await t.request('POST', `/v1/jobs/${stopped}/cancel`, { token: user.token }), 'cancelSuccessful');
      await waitForFrame(
        stream.frames,
        (f) => f.event === 'job' && (f.data as { job_id: number }).job_id === stopped,
        'the stopped job event',
      );
      expect(jobFrames().at(-1)?.data).toMatchObject({ status: 'STOPPED' });
      const events = expectOk(
        await t.request<SystemMessage[]>('GET', '/v1/messages/system', {
          token: user.token,
          query: { message_type: 'EVENT' },
        }),
      );
      expect(events).toHaveLength(1);
    } finally {
      stream.close();
    }
  });

  it(`holds at most ${STREAMS} streams per user (429 beyond), and frees a slot when a tab closes`, async () => {
    const open = [await openStream(user.token), await openStream(user.token)];
    try {
      expect(open.map((s) => s.res.status)).toEqual([200, 200]);
      const third = await openStream(user.token);
      expect(third.res.status).toBe(429);
      expect(await third.res.json()).toMatchObject({ success: false, msg: 'Too many requests. Please slow down.' });
      open.shift()?.close();
      const again = await waitUntil(
        () => openStream(user.token),
        (s) => {
          if (s.res.status !== 200) return false;
          open.push(s);
          return true;
        },
        { what: 'a freed stream slot' },
      );
      expect(again.res.status).toBe(200);
    } finally {
      for (const s of open) s.close();
    }
  });

  it('ends open streams when the server closes', async () => {
    const other = await createTestApp({});
    const url = await other.app.http.listen({ port: 0, host: '127.0.0.1' });
    const someone = await registerUser(other);
    const res = await fetch(`${url}/v1/messages/stream`, { headers: { token: someone.token } });
    expect(res.status).toBe(200);
    const drained = (async () => {
      for await (const _ of res.body!) {
        // Read until the server ends the stream.
      }
      return 'ended';
    })();
    await other.close();
    expect(await drained).toBe('ended');
  });
});
