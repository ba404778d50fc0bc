import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuthResult, Job } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../src/http/request-context';
import { OWNER_TAG } from '../../src/lib/temp-folders';
import { createProject, createTestApp, registerUser, type TestApp } from '../support/test-app';
import { TEST_JOB_TYPES } from '../support/test-job-types';
import { waitUntil } from '../support/wait';

/**
 * Issue 9: a job's working folder (`medx-job-<id>-*` in the temporary directory) is gone
 * after the job, however it ends; the folder of a job whose server was killed is removed
 * when a server starts again (JobRunner.recover), and a folder of a live server never is.
 */
let t: TestApp;
let owner: AuthResult;
let projectId: number;
/** The working folder each job saw, as its executor reported it. */
const seen = new Map<number, string>();

beforeAll(async () => {
  t = await createTestApp({}, { jobTypes: TEST_JOB_TYPES });
  const { runner } = t.app.jobs;
  runner.register('ECHO', async (ctx) => {
    seen.set(ctx.job.id, ctx.workDir);
    writeFileSync(join(ctx.workDir, 'scratch.txt'), 'work in progress\n');
    await ctx.run('/bin/echo', ['done']);
  });
  runner.register('SLEEP', async (ctx) => {
    seen.set(ctx.job.id, ctx.workDir);
    await ctx.run('/bin/sh', ['-c', 'echo started > started.txt; sleep 60']);
  });
  runner.register('FAIL', async (ctx) => {
    seen.set(ctx.job.id, ctx.workDir);
    await ctx.run('/bin/sh', ['-c', 'echo output > left.txt; exit 3']);
  });
  runner.start();
  owner = await registerUser(t);
  projectId = await createProject(t, owner.token, 'Folders');
});
afterAll(async () => {
  await t?.app.jobs.runner.stop();
  await t?.close();
});

const authOf = async (): Promise<AuthContext> => (await t.app.services.sessions.resolve(owner.token))!;
const submit = async (type: keyof typeof TEST_JOB_TYPES) =>
  t.app.jobs.service.submitRaw(await authOf(), projectId, type, type, type === 'ECHO' ? { words: 'x' } : {});
const job = async (id: number) => (await t.request<Job>('GET', `/v1/jobs/${id}`, { token: owner.token })).body.data;
const until = <T>(read: () => Promise<T> | T, done: (v: T) => boolean) =>
  waitUntil(async () => read(), done, { timeoutMs: 15_000, intervalMs: 25 });
// Another test file's server numbers its jobs from 1 too, in the same temporary directory:
// only this server's folders (its owner tag) are this job's.
const folderOf = (id: number) => readdirSync(tmpdir()).filter((n) => n.startsWith(`medx-job-${id}-${OWNER_TAG}-`));

describe('a job leaves no working folder, however it ends', () => {
  it.each([
    ['FINISHED', 'ECHO'],
    ['FAILED', 'FAIL'],
  ] as const)('%s', async (status, type) => {
    const id = await submit(type);
    expect(
      (
        await until(
          () => job(id),
          (j) => j.status === status,
        )
      ).status,
    ).toBe(status);
    const dir = seen.get(id)!;
    expect(dir).toMatch(new RegExp(`medx-job-${id}-${OWNER_TAG}-[A-Za-z0-9]{6}$`));
    expect(
      await until(
        () => existsSync(dir),
        (exists) => !exists,
      ),
    ).toBe(false);
    expect(folderOf(id)).toEqual([]);
  });

  it('STOPPED (cancelled while its tool runs)', async () => {
    const id = await submit('SLEEP');
    await until(
      () => (seen.has(id) ? existsSync(join(seen.get(id)!, 'started.txt')) : false),
      (started) => started,
    );
    expect(folderOf(id)).toHaveLength(1);
    expect(await t.app.jobs.runner.cancel(id)).toBe(true);
    expect((await job(id)).status).toBe('STOPPED');
    expect(
      await until(
        () => existsSync(seen.get(id)!),
        (exists) => !exists,
      ),
    ).toBe(false);
    expect(folderOf(id)).toEqual([]);
  });
});

describe('folders of a killed server', () => {
  it('are removed on recovery; those of a running server are kept', async () => {
    // A server process that is gone: a program that has exited (its pid free, or someone else's).
    const gone = spawnSync('/bin/true').pid!;
    const [, host, start] = /^h([0-9a-f]{6})p\d+s(\d+)$/.exec(OWNER_TAG)!;
    const killed = join(tmpdir(), `medx-job-999001-h${host}p${gone}s${start}-Killed`);
    const killedChem = join(tmpdir(), `medx-chem-h${host}p${gone}s${start}-Killed`);
    const running = join(tmpdir(), `medx-job-999002-${OWNER_TAG}-Living`);
    for (const dir of [killed, killedChem, running]) {
      mkdirSync(dir);
      writeFileSync(join(dir, 'receptor.pdbqt'), 'left over\n');
    }
    try {
      await t.app.jobs.runner.recover();
      expect([killed, killedChem, running].map(existsSync)).toEqual([false, false, true]);
    } finally {
      for (const dir of [killed, killedChem, running]) spawnSync('/bin/rm', ['-rf', dir]);
    }
  });
});
