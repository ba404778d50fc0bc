import type { AuthResult, Job, JobList, MessageKey, ProjectFile } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AuthContext } from '../../src/http/request-context';
import { MAX_ATTEMPTS } from '../../src/jobs/job-runner';
import { expectFailure, expectOk, sharedProject } from '../support/helpers';
import {
  createProject,
  createTestApp,
  guestLogin,
  registerUser,
  type TestApp,
  type TestResponse,
} from '../support/test-app';
import { TEST_JOB_TYPES } from '../support/test-job-types';
import { waitUntil } from '../support/wait';

let t: TestApp;
let owner: AuthResult;
let projectId: number;

/** Test executors run real processes through the real runner; only their work is small. */
beforeAll(async () => {
  // KEEP is this file's own (every type of an app's registry needs an executor).
  t = await createTestApp(
    {},
    {
      jobTypes: { ...TEST_JOB_TYPES, KEEP: { params: z.object({ words: z.string() }), result: z.array(z.unknown()) } },
    },
  );
  const { runner } = t.app.jobs;
  runner.register('ECHO', async (ctx) => {
    await ctx.run('/bin/echo', [`hello from a tool: ${(ctx.params as { words: string }).words}`]);
    // The environment a tool gets (chem/python.ts's PYTHONPATH goes this way).
    await ctx.run('/bin/sh', ['-c', 'echo "probe: $MEDX_PROBE"'], { env: { ...process.env, MEDX_PROBE: 'in env' } });
    await ctx.progress(1, 1);
    await ctx.output('result.txt', 'txt', 'the answer is 42\n');
    await ctx.provenance({ tool: 'echo', details: [{ name: 'result.txt', score: -7.5 }] });
  });
  runner.register('SLEEP', async (ctx) => {
    // A tool that starts a child of its own: cancel must kill both.
    await ctx.run('/bin/sh', ['-c', 'sleep 60 & sleep 60; wait']);
  });
  // Work kept as it is done (a screen's rows): a checkpoint after the first piece.
  runner.register('KEEP', async (ctx) => {
    await ctx.run('/bin/echo', ['one piece kept']);
    await ctx.checkpoint();
  });
  runner.register('FAIL', async (ctx) => {
    await ctx.run('/bin/sh', ['-c', 'echo boom >&2; exit 3']);
  });
  runner.start();
  owner = await registerUser(t);
  projectId = await createProject(t, owner.token, 'Jobs');
});
afterAll(async () => {
  await t?.app.jobs.runner.stop();
  await t?.close();
});

const authOf = async (token: string): Promise<AuthContext> => (await t.app.services.sessions.resolve(token))!;
const paramsOf = (type: keyof typeof TEST_JOB_TYPES) => (type === 'ECHO' ? { words: 'forty-two' } : {});
const submit = async (type: keyof typeof TEST_JOB_TYPES, project = projectId, token = owner.token) =>
  t.app.jobs.service.submitRaw(await authOf(token), project, type, `${type} job`, paramsOf(type));
const job = async (id: number, token = owner.token) =>
  (await t.request<Job>('GET', `/v1/jobs/${id}`, { token })).body.data;

const waitFor = <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000) =>
  waitUntil(read, done, { timeoutMs, intervalMs: 50 });
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('a job runs a real process and records everything', () => {
  let id: number;
  beforeAll(async () => {
    id = await submit('ECHO');
    await waitFor(
      () => job(id),
      (j) => j.status === 'FINISHED',
    );
  });

  it('ends FINISHED with times, progress and its log', async () => {
    const done = await job(id);
    expect(done).toMatchObject({ status: 'FINISHED', progress_done: 1, progress_total: 1, job_name: 'ECHO job' });
    expect(done.start_time).not.toBeNull();
    expect(done.end_time! >= done.start_time!).toBe(true);
    const log = expectOk(await t.request<{ comment: string }>('GET', `/v1/jobs/${id}/comment`, { token: owner.token }));
    expect(log.comment).toContain('hello from a tool: forty-two');
    expect(log.comment).toContain('probe: in env');
  });

  it('stores outputs as project files marked as job results', async () => {
    const files = expectOk(await t.request<ProjectFile[]>('GET', `/v1/jobs/${id}/files`, { token: owner.token }));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ name: 'result.txt', is_job_result: true, job_id: id });
    const details = expectOk(await t.request<unknown[]>('GET', `/v1/jobs/${id}/file_detail`, { token: owner.token }));
    expect(details).toEqual([{ name: 'result.txt', score: -7.5 }]);
  });

  it('exports a zip of the outputs and the log', async () => {
    const res = await t.app.http.inject({
      method: 'POST',
      url: `/v1/jobs/${id}/export`,
      headers: { token: owner.token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const text = res.rawPayload.toString('latin1');
    expect(text.startsWith('PK')).toBe(true);
    expect(text).toContain('result.txt');
    expect(text).toContain('job.log');
  });

  it('lists jobs newest first, 5 per page by default', async () => {
    const project = await createProject(t, owner.token, 'Paging');
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) {
      ids.push(await submit('ECHO', project));
      t.clock.advance(1000);
    }
    const page = async (query: Record<string, number>) =>
      expectOk(
        await t.request<JobList>('GET', '/v1/jobs', { token: owner.token, query: { project_id: project, ...query } }),
      );
    const first = await page({});
    expect(first.total).toBe(7);
    expect(first.items.map((j) => j.id)).toEqual(ids.slice(2).reverse());
    const second = await page({ page: 2 });
    expect(second.total).toBe(7);
    expect(second.items.map((j) => j.id)).toEqual(ids.slice(0, 2).reverse());
    expectFailure(await t.request('GET', '/v1/jobs', { token: owner.token }), 400, 'validationRequired', {
      params: { field: 'project_id' },
    });
    // The jobs end here, not in the next tests' time: they would hold the runner's slots.
    await waitFor(
      async () => Promise.all(ids.map((id) => job(id))),
      (jobs) => jobs.every((j) => j.status === 'FINISHED'),
    );
  });

  it('lists only the jobs of one type when job_type is given; a malformed type is refused', async () => {
    const project = await createProject(t, owner.token, 'By type');
    const echoes = [await submit('ECHO', project)];
    t.clock.advance(1000);
    const failing = await submit('FAIL', project);
    t.clock.advance(1000);
    echoes.push(await submit('ECHO', project));
    const list = async (jobType: string) =>
      t.request<JobList>('GET', '/v1/jobs', { token: owner.token, query: { project_id: project, job_type: jobType } });
    const onlyEchoes = expectOk(await list('ECHO'));
    expect(onlyEchoes.total).toBe(2);
    expect(onlyEchoes.items.map((j) => j.id)).toEqual([...echoes].reverse());
    expect(expectOk(await list('FAIL')).items.map((j) => j.id)).toEqual([failing]);
    expect(expectOk(await list('DOCKING')).total).toBe(0);
    const refused = await list('echo; drop');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, data: null, msg: 'job_type: has the wrong format.' });
    await waitFor(
      async () => Promise.all([...echoes, failing].map((id) => job(id))),
      (jobs) => jobs.every((j) => j.status === 'FINISHED' || j.status === 'FAILED'),
    );
  });
});

describe('failure and cancel', () => {
  it('a tool that fails makes the job FAILED with its output in the log', async () => {
    const id = await submit('FAIL');
    const failed = await waitFor(
      () => job(id),
      (j) => j.status === 'FAILED',
    );
    expect(failed.status).toBe('FAILED');
    expect(failed.error).toContain('exited with 3');
    expect(failed.error).toContain('boom');
    const log = expectOk(await t.request<{ comment: string }>('GET', `/v1/jobs/${id}/comment`, { token: owner.token }));
    expect(log.comment).toContain('boom');
  });

  it('cancel kills the whole process tree and marks STOPPED', async () => {
    const id = await submit('SLEEP');
    const { runner } = t.app.jobs;
    await waitFor(
      async () => runner.pidsOf(id),
      (pids) => pids.length > 0,
    );
    const pid = runner.pidsOf(id)[0]!;
    const count = expectOk(
      await t.request<{ running_count: number }>('GET', '/v1/jobs/count', {
        token: owner.token,
        query: { project_id: projectId },
      }),
    );
    expect(count.running_count).toBeGreaterThanOrEqual(1);
    expectOk(await t.request('POST', `/v1/jobs/${id}/cancel`, { token: owner.token }), 'cancelSuccessful');
    expect((await job(id)).status).toBe('STOPPED');
    const gone = await waitFor(
      async () => alive(-pid) || alive(pid),
      (a) => !a,
      8000,
    );
    expect(gone).toBe(false);
    expectFailure(await t.request('POST', `/v1/jobs/${id}/cancel`, { token: owner.token }), 400, 'jobNotRunning');
  });

  it('unknown jobs are not found', async () => {
    expectFailure(await t.request('GET', '/v1/jobs/999999', { token: owner.token }), 404, 'jobNotFound');
  });
});

describe('recovery after a crash or restart', () => {
  async function orphan(attempts: number, jobType = 'ECHO'): Promise<number> {
    const id = await t.db.kysely
      .insertInto('jobs')
      .values({
        project_id: projectId,
        user_id: owner.user.id,
        job_type: jobType,
        job_name: 'interrupted',
        status: 'RUNNING',
        params: JSON.stringify({ words: 'again' }),
        log: '',
        attempts,
        runner_id: 'a-runner-that-died',
        heartbeat_at: '2020-01-01T00:00:00.000Z',
        created_at: '2020-01-01T00:00:00.000Z',
        started_at: '2020-01-01T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id.id;
  }

  it('runs an interrupted job again, and fails one interrupted too often, with the reason', async () => {
    const again = await orphan(1);
    const givenUp = await orphan(MAX_ATTEMPTS);
    const result = await t.app.jobs.runner.recover();
    expect(result.requeued).toContain(again);
    expect(result.failed).toContain(givenUp);
    const finished = await waitFor(
      () => job(again),
      (j) => j.status === 'FINISHED',
    );
    expect(finished.status).toBe('FINISHED');
    const failed = await job(givenUp);
    expect(failed.status).toBe('FAILED');
    expect(failed.error).toContain('restart');
  });

  it('a run that kept work (a checkpoint) counts as a fresh start; one that kept nothing does not', async () => {
    const keeps = await orphan(MAX_ATTEMPTS - 1, 'KEEP');
    const keepsNothing = await orphan(MAX_ATTEMPTS - 1);
    await t.app.jobs.runner.recover();
    for (const id of [keeps, keepsNothing]) {
      await waitFor(
        () => job(id),
        (j) => j.status === 'FINISHED',
      );
    }
    const row = async (id: number) =>
      t.db.kysely.selectFrom('jobs').select('attempts').where('id', '=', id).executeTakeFirstOrThrow();
    // Interrupted again now, the first would run once more; the second would fail.
    expect((await row(keeps)).attempts).toBe(1);
    expect((await row(keepsNothing)).attempts).toBe(MAX_ATTEMPTS);
  });
});

describe('job calls permission matrix', () => {
  type Role = 'owner' | 'readWriteMember' | 'readOnlyMember' | 'stranger' | 'guest' | 'noToken';
  const users = {} as Record<Exclude<Role, 'noToken'>, AuthResult>;
  let rw: number;
  let ro: number;
  beforeAll(async () => {
    users.owner = owner;
    for (const role of ['readWriteMember', 'readOnlyMember', 'stranger'] as const) users[role] = await registerUser(t);
    users.guest = await guestLogin(t);
    rw = (await sharedProject(t, owner.token, 'READ_WRITE', [users.readWriteMember.token], 'JRW1')).id;
    ro = (await sharedProject(t, owner.token, 'READ_ONLY', [users.readOnlyMember.token], 'JRO1')).id;
  });
  const projectFor = (role: Role) => (role === 'readOnlyMember' ? ro : rw);
  const tokenOf = (role: Role) => (role === 'noToken' ? undefined : users[role].token);
  const calls: [
    string,
    'read' | 'write',
    (token: string | undefined, id: number, project: number) => Promise<TestResponse>,
  ][] = [
    [
      'GET /v1/jobs',
      'read',
      (token, _id, project) => t.request('GET', '/v1/jobs', { token, query: { project_id: project } }),
    ],
    [
      'GET /v1/jobs/count',
      'read',
      (token, _id, project) => t.request('GET', '/v1/jobs/count', { token, query: { project_id: project } }),
    ],
    ['GET /v1/jobs/:id', 'read', (token, id) => t.request('GET', `/v1/jobs/${id}`, { token })],
    ['GET /v1/jobs/:id/comment', 'read', (token, id) => t.request('GET', `/v1/jobs/${id}/comment`, { token })],
    ['GET /v1/jobs/:id/files', 'read', (token, id) => t.request('GET', `/v1/jobs/${id}/files`, { token })],
    ['GET /v1/jobs/:id/file_detail', 'read', (token, id) => t.request('GET', `/v1/jobs/${id}/file_detail`, { token })],
    ['POST /v1/jobs/:id/cancel', 'write', (token, id) => t.request('POST', `/v1/jobs/${id}/cancel`, { token })],
  ];
  const roles: Role[] = ['owner', 'readWriteMember', 'readOnlyMember', 'stranger', 'guest', 'noToken'];
  for (const [name, need, call] of calls) {
    it.each(roles)(`${name} as %s`, async (role) => {
      const project = projectFor(role);
      // Cancel needs a live job; the others read a finished one.
      const id = await submit(need === 'write' ? 'SLEEP' : 'ECHO', project);
      if (need === 'write')
        await waitFor(
          async () => t.app.jobs.runner.pidsOf(id),
          (p) => p.length > 0,
        );
      else
        await waitFor(
          () => job(id),
          (j) => j.status === 'FINISHED',
        );
      const res = await call(tokenOf(role), id, project);
      let want: 200 | [number, MessageKey] = 200;
      if (role === 'noToken') want = [401, 'sessionExpired'];
      else if (role === 'stranger' || role === 'guest') want = [404, 'projectNotFound'];
      else if (role === 'readOnlyMember' && need === 'write') want = [403, 'readOnlyProject'];
      if (want === 200) expect(res.status, JSON.stringify(res.body)).toBe(200);
      else expectFailure(res, want[0], want[1]);
      if (need === 'write' && want !== 200) {
        // A refused cancel leaves the job running; the owner cancels it, or it would hold one
        // of the runner's slots for a minute and stall the jobs of the next cells.
        expect((await job(id)).status).toBe('RUNNING');
        expectOk(await t.request('POST', `/v1/jobs/${id}/cancel`, { token: owner.token }), 'cancelSuccessful');
      }
      if (need === 'write') expect((await job(id)).status).toBe('STOPPED');
    });
  }
});
