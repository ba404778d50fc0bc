import { JOB_TYPES } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { MAX_ATTEMPTS } from '../../src/jobs/job-runner';
import type { BuiltProject, BuiltUser } from '../support/factories';
import { SECOND } from '../support/helpers';
import { createMediumContext, expectAppError, type MediumContext } from '../support/medium';

/**
 * Jobs without running them: JobsService.submit validates params with the job registry
 * before a row exists, cancel and the runner's status moves go through
 * JobsRepository.transition (a move only from the expected status), recovery after a
 * restart. The queue is started with a handler that only records ids, so a test sees
 * what was queued; nothing is executed.
 */

let m: MediumContext;
const queued: number[] = [];
beforeAll(async () => {
  m = await createMediumContext();
  m.jobs.queue.start(async (id) => {
    queued.push(id);
  });
});
afterAll(() => m?.close());

const row = (id: number) => m.jobs.repository.findById(id);

describe('JobsService.submit', () => {
  it('stores the params as the registry parsed them (defaults applied), then queues the id', async () => {
    const p = await m.buildProject();
    const ligand = await m.buildFile(p, { name: 'l.sdf', content: 'l\n$$$$\n' });
    const id = await m.jobs.service.submit(p.owner.auth, p.id, 'PREPARE_LIGAND', 'prep', { ligand_id: ligand.id });
    const stored = await row(id);
    expect(stored).toMatchObject({
      job_type: 'PREPARE_LIGAND',
      job_name: 'prep',
      status: 'PRE_PROCESSING',
      project_id: p.id,
      user_id: p.owner.user.id,
      created_at: m.clock.now().toISOString(),
      attempts: 0,
      runner_id: null,
    });
    const params = JSON.parse(stored!.params);
    expect(params).toEqual(JOB_TYPES.PREPARE_LIGAND.params.parse({ ligand_id: ligand.id }));
    expect(Object.keys(params).sort()).toEqual(['ligand_id', 'minimize', 'ph']);
    expect(queued.at(-1)).toBe(id);
  });

  it('refuses params its type’s schema rejects before any row exists, and queues nothing', async () => {
    const p = await m.buildProject();
    const [rows, queuedBefore] = [await m.count('jobs'), queued.length];
    const bad = [
      () => m.jobs.service.submit(p.owner.auth, p.id, 'PREPARE_LIGAND', null, { ligand_id: 'one' as never }),
      () => m.jobs.service.submit(p.owner.auth, p.id, 'PREPARE_LIGAND', null, { ligand_id: 1, ph: 15 }),
      () => m.jobs.service.submitRaw(p.owner.auth, p.id, 'ECHO', null, { words: 42 }),
      () => m.jobs.service.submitRaw(p.owner.auth, p.id, 'ECHO', null, undefined),
    ];
    for (const submit of bad) await expect(submit()).rejects.toBeInstanceOf(ZodError);
    expect(await m.count('jobs')).toBe(rows);
    expect(queued).toHaveLength(queuedBefore);
  });

  it('refuses a type that is not in the registry, whatever its params', async () => {
    const p = await m.buildProject();
    const rows = await m.count('jobs');
    for (const type of ['NO_SUCH_TYPE', 'toString', '__proto__', 'echo']) {
      await expect(m.jobs.service.submitRaw(p.owner.auth, p.id, type, null, {})).rejects.toThrow(
        `Job type ${type} is not in the registry`,
      );
    }
    expect(await m.count('jobs')).toBe(rows);
  });

  it('needs write access to the project', async () => {
    const [reader, stranger] = [await m.buildUser(), await m.buildUser()];
    const p = await m.buildProject({ share: { type: 'READ_ONLY', members: [reader] } });
    const rows = await m.count('jobs');
    const echo = { words: 'hi' };
    await expectAppError(m.jobs.service.submitRaw(reader.auth, p.id, 'ECHO', null, echo), 403, 'readOnlyProject');
    await expectAppError(m.jobs.service.submitRaw(stranger.auth, p.id, 'ECHO', null, echo), 404, 'projectNotFound');
    expect(await m.count('jobs')).toBe(rows);
  });
});

describe('status moves', () => {
  it('a job is claimed once: a second claim of the same row loses', async () => {
    const job = await m.buildJob(await m.buildProject());
    const claim = (runner: string) =>
      m.jobs.repository.transition(job.id, ['PRE_PROCESSING'], { status: 'RUNNING', runner_id: runner });
    const [a, b] = await Promise.all([claim('runner-a'), claim('runner-b')]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect(await row(job.id)).toMatchObject({ status: 'RUNNING', runner_id: a ? 'runner-a' : 'runner-b' });
    expect(await claim('runner-c')).toBe(false);
  });

  it('cancel stops a queued or running job once, and a runner finishing late cannot undo it', async () => {
    const p = await m.buildProject();
    for (const status of ['PRE_PROCESSING', 'RUNNING', 'POST_PROCESSING'] as const) {
      const job = await m.buildJob(p, { status });
      m.clock.advance(SECOND);
      await m.jobs.service.cancel(p.owner.auth, job.id);
      expect(await row(job.id)).toMatchObject({ status: 'STOPPED', finished_at: m.clock.now().toISOString() });
      await expectAppError(m.jobs.service.cancel(p.owner.auth, job.id), 400, 'jobNotRunning');
      // The runner's own end of the job only applies to a job still running.
      const late = await m.jobs.repository.transition(job.id, ['RUNNING', 'POST_PROCESSING'], { status: 'FINISHED' });
      expect(late).toBe(false);
      expect((await row(job.id))?.status).toBe('STOPPED');
    }
  });

  it('cancel refuses ended jobs and callers who may not write, changing nothing', async () => {
    const [writer, reader] = [await m.buildUser(), await m.buildUser()];
    const rw = await m.buildProject({ share: { type: 'READ_WRITE', members: [writer] } });
    const ro = await m.buildProject({ owner: rw.owner, share: { type: 'READ_ONLY', members: [reader], code: 'RO34' } });
    for (const status of ['FINISHED', 'FAILED', 'STOPPED'] as const) {
      const ended = await m.buildJob(rw, { status });
      const before = await row(ended.id);
      await expectAppError(m.jobs.service.cancel(rw.owner.auth, ended.id), 400, 'jobNotRunning');
      // The runner's cancel checks again: a job can end between the service's read and the cancel.
      expect(await m.jobs.runner.cancel(ended.id)).toBe(false);
      expect(await row(ended.id)).toEqual(before);
    }
    const running = await m.buildJob(ro, { status: 'RUNNING' });
    await expectAppError(m.jobs.service.cancel(reader.auth, running.id), 403, 'readOnlyProject');
    await expectAppError(m.jobs.service.cancel(writer.auth, running.id), 404, 'projectNotFound');
    expect((await row(running.id))?.status).toBe('RUNNING');
    // A member who may write cancels a job the owner started.
    const theirs = await m.buildJob(rw, { status: 'RUNNING' });
    await m.jobs.service.cancel(writer.auth, theirs.id);
    expect((await row(theirs.id))?.status).toBe('STOPPED');
  });

  it('counts as running only RUNNING and POST_PROCESSING jobs, per project and per user', async () => {
    const member: BuiltUser = await m.buildUser();
    const p: BuiltProject = await m.buildProject({ share: { type: 'READ_WRITE', members: [member] } });
    for (const status of ['PRE_PROCESSING', 'RUNNING', 'POST_PROCESSING', 'FINISHED', 'FAILED', 'STOPPED'] as const) {
      await m.buildJob(p, { status });
    }
    await m.buildJob(p, { status: 'RUNNING', by: member });
    expect(await m.jobs.service.runningCount(p.owner.auth, p.id)).toBe(3);
    expect(await m.jobs.service.runningCount(p.owner.auth)).toBe(2);
    expect(await m.jobs.service.runningCount(member.auth)).toBe(1);
    await expectAppError(m.jobs.service.runningCount((await m.buildUser()).auth, p.id), 404, 'projectNotFound');
  });
});

describe('recovery after a restart', () => {
  // recover() looks at every active job of the database: its own context keeps other tests' jobs out.
  let r: MediumContext;
  const requeued: number[] = [];
  beforeAll(async () => {
    r = await createMediumContext();
    r.jobs.queue.start(async (id) => {
      requeued.push(id);
    });
  });
  afterAll(() => r?.close());

  it('runs an interrupted job again, fails one interrupted too often, and leaves ended jobs alone', async () => {
    const p = await r.buildProject();
    const never = await r.buildJob(p);
    const interrupted = await r.buildJob(p, { status: 'RUNNING' });
    const tooOften = await r.buildJob(p, { status: 'POST_PROCESSING' });
    await r.jobs.repository.update(tooOften.id, { attempts: MAX_ATTEMPTS });
    const ended = await r.buildJob(p, { status: 'FINISHED' });
    const endedBefore = await r.jobs.repository.findById(ended.id);
    requeued.length = 0;
    r.clock.advance(SECOND);

    const result = await r.jobs.runner.recover();
    expect(result).toEqual({ requeued: [never.id, interrupted.id], failed: [tooOften.id] });
    expect(requeued).toEqual([never.id, interrupted.id]);
    expect(await r.jobs.repository.findById(interrupted.id)).toMatchObject({
      status: 'PRE_PROCESSING',
      runner_id: null,
      attempts: 1,
    });
    expect((await r.jobs.repository.findById(interrupted.id))?.log).toContain('it is run again');
    expect(await r.jobs.repository.findById(tooOften.id)).toMatchObject({
      status: 'FAILED',
      finished_at: r.clock.now().toISOString(),
      error: `Interrupted by a server restart ${MAX_ATTEMPTS} times; not run again.`,
    });
    expect(await r.jobs.repository.findById(ended.id)).toEqual(endedBefore);
    expect(r.logs.filter((l) => l.msg === 'recovered interrupted jobs')).toHaveLength(1);

    // A second recovery finds nothing new to fail; the requeued jobs wait for a runner.
    expect((await r.jobs.runner.recover()).failed).toEqual([]);
  });
});
