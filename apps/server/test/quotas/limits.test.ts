import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { QUOTA_POLICY, type QuotaUsage, translate } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../src/http/request-context';
import { countRows, expectFailure, expectOk, sharedProject } from '../support/helpers';
import { createProject, createTestApp, guestLogin, registerUser, type TestApp } from '../support/test-app';
import { TEST_JOB_TYPES } from '../support/test-job-types';
import { importOk } from '../support/uploads';

/**
 * Projects per creator, jobs per submitter and files per split (docs/decisions.md
 * "Quotas"): each refused with a message naming the count and the limit, leaving nothing.
 * The job runner is not started here: submitted jobs stay queued, which is what counts.
 */

let t: TestApp;
beforeAll(async () => {
  // The production defaults of the job quotas (the harness raises them for the other suites).
  t = await createTestApp(
    { projectsMax: 3, activeJobsMax: QUOTA_POLICY.activeJobs, guestActiveJobsMax: QUOTA_POLICY.guestActiveJobs },
    { jobTypes: TEST_JOB_TYPES },
  );
});
afterAll(() => t?.close());

const quotaOf = async (token: string) => expectOk(await t.request<QuotaUsage>('GET', '/v1/quotas', { token }));
const authOf = async (token: string): Promise<AuthContext> => (await t.app.services.sessions.resolve(token))!;
const newProject = (token: string, name = 'P') =>
  t.request<{ id: number }>('POST', '/v1/projects/new', { token, body: { project_name: name } });

describe('projects per user', () => {
  it('a guest creates 5 projects; the 6th is refused, and recycling one frees no slot', async () => {
    const guest = await guestLogin(t);
    const ids: number[] = [];
    for (let i = 1; i <= 5; i++) ids.push(await createProject(t, guest.token, `G${i}`));
    const before = await countRows(t, 'projects');
    expectFailure(await newProject(guest.token), 403, 'guestProjectLimitReached', { params: { count: 5, limit: 5 } });
    expect(translate('guestProjectLimitReached', 'en', { count: 5, limit: 5 })).toBe(
      'Guests can create at most 5 projects (5 created, the recycle bin included). Register to create more.',
    );
    expectOk(
      await t.request('POST', `/v1/projects/${ids[0]}/add_to_recycle`, { token: guest.token }),
      'deleteSuccessful',
    );
    expectFailure(await newProject(guest.token), 403, 'guestProjectLimitReached', { params: { count: 5, limit: 5 } });
    expect(await countRows(t, 'projects')).toBe(before);
    expect(await quotaOf(guest.token)).toMatchObject({ projects: 5, projects_limit: 5 });
  });

  it('a registered user has the configured limit (PROJECTS_MAX, 3 here), in its language', async () => {
    const user = await registerUser(t);
    for (let i = 1; i <= 3; i++) await createProject(t, user.token, `R${i}`);
    const before = await countRows(t, 'projects');
    expectFailure(await newProject(user.token), 403, 'projectLimitReached', { params: { count: 3, limit: 3 } });
    const zh = await t.request('POST', '/v1/projects/new', {
      token: user.token,
      lang: 'zh-CN',
      body: { project_name: 'Z' },
    });
    expectFailure(zh, 403, 'projectLimitReached', { lang: 'zh-CN', params: { count: 3, limit: 3 } });
    expect(await countRows(t, 'projects')).toBe(before);
  });

  it('concurrent creations cannot pass the limit together', async () => {
    const guest = await guestLogin(t);
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => newProject(guest.token, `C${i}`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 403)).toHaveLength(3);
    expect((await quotaOf(guest.token)).projects).toBe(5);
  });
});

describe('jobs queued or running per user', () => {
  const ligand = (name: string) => readFileSync(join(t.config.samplesDir, name));
  const submitEcho = async (token: string, projectId: number) =>
    t.app.jobs.service.submitRaw(await authOf(token), projectId, 'ECHO', null, { words: 'hi' });
  const prepare = (token: string, projectId: number, ligandId: number) =>
    t.request<{ job_id: number }>('POST', '/v1/jobs/prepare_ligand', {
      token,
      body: { project_id: projectId, ligand_id: ligandId },
    });

  it('a registered user has 4; the 5th is refused with the count and the limit until one ends', async () => {
    const user = await registerUser(t);
    const project = await createProject(t, user.token, 'Jobs');
    const lig = await importOk(t, user.token, project, 'lig.sdf', ligand('7cnq_ligand.sdf'));
    const queued = [];
    for (let i = 0; i < 4; i++) queued.push(await submitEcho(user.token, project));
    expect(await quotaOf(user.token)).toMatchObject({ jobs_running: 4, jobs_limit: 4 });
    const before = await countRows(t, 'jobs');
    expectFailure(await prepare(user.token, project, lig.id), 429, 'jobLimitReached', {
      params: { count: 4, limit: 4 },
    });
    await expect(submitEcho(user.token, project)).rejects.toMatchObject({ statusCode: 429, key: 'jobLimitReached' });
    expect(await countRows(t, 'jobs')).toBe(before);
    // An ended job frees its slot.
    expectOk(await t.request('POST', `/v1/jobs/${queued[0]}/cancel`, { token: user.token }), 'cancelSuccessful');
    expectOk(await prepare(user.token, project, lig.id), 'submitSuccess');
    expect((await quotaOf(user.token)).jobs_running).toBe(4);
  });

  it(`a guest has ${QUOTA_POLICY.guestActiveJobs}`, async () => {
    const guest = await guestLogin(t);
    const project = await createProject(t, guest.token, 'GJobs');
    const lig = await importOk(t, guest.token, project, 'lig.sdf', ligand('1w1p_ligand.sdf'));
    for (let i = 0; i < QUOTA_POLICY.guestActiveJobs; i++) {
      expectOk(await prepare(guest.token, project, lig.id), 'submitSuccess');
    }
    const before = await countRows(t, 'jobs');
    expectFailure(await prepare(guest.token, project, lig.id), 429, 'guestJobLimitReached', {
      params: { count: QUOTA_POLICY.guestActiveJobs, limit: QUOTA_POLICY.guestActiveJobs },
    });
    expect(await countRows(t, 'jobs')).toBe(before);
  });

  it('counts the submitter, whoever owns the project', async () => {
    const owner = await registerUser(t);
    const member = await registerUser(t);
    const { id: project } = await sharedProject(t, owner.token, 'READ_WRITE', [member.token], 'JB12', 'Shared');
    for (let i = 0; i < 4; i++) await submitEcho(owner.token, project);
    await expect(submitEcho(owner.token, project)).rejects.toMatchObject({ statusCode: 429 });
    await expect(submitEcho(member.token, project)).resolves.toBeGreaterThan(0);
    expect((await quotaOf(member.token)).jobs_running).toBe(1);
  });

  it('concurrent submissions cannot pass the limit together', async () => {
    const user = await registerUser(t);
    const project = await createProject(t, user.token, 'Race');
    const results = await Promise.allSettled(Array.from({ length: 7 }, () => submitEcho(user.token, project)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(4);
    expect((await quotaOf(user.token)).jobs_running).toBe(4);
  });
});

describe('files per split', () => {
  const smiles = (n: number) =>
    `${Array.from({ length: n }, (_, i) => `C${'C'.repeat(i % 7)}O mol_${i + 1}`).join('\n')}\n`;

  it('a split that would make more than 1000 files is refused before anything is written', async () => {
    const user = await registerUser(t);
    const project = await createProject(t, user.token, 'Split');
    const file = await importOk(t, user.token, project, 'many.smi', smiles(1001));
    const before = {
      files: await countRows(t, 'files'),
      groups: await countRows(t, 'file_groups'),
      objects: (await t.app.storage.list(`projects/${project}`)).length,
    };
    const res = await t.request('POST', `/v1/files/${file.id}/split_pdb`, { token: user.token });
    expectFailure(res, 400, 'splitTooMany', { params: { count: 1001, limit: 1000 } });
    expect(res.body.msg).toBe(
      'Splitting this file would create 1001 files; at most 1000 can be created at once. Split a smaller file.',
    );
    expect({
      files: await countRows(t, 'files'),
      groups: await countRows(t, 'file_groups'),
      objects: (await t.app.storage.list(`projects/${project}`)).length,
    }).toEqual(before);
  });

  it('1000 files is still a split', async () => {
    const user = await registerUser(t);
    const project = await createProject(t, user.token, 'Split');
    const file = await importOk(t, user.token, project, 'thousand.smi', smiles(1000));
    const res = await t.request<{ files: unknown[] }>('POST', `/v1/files/${file.id}/split_pdb`, { token: user.token });
    expect(expectOk(res, 'splitSuccessful').files).toHaveLength(1000);
  });
});
