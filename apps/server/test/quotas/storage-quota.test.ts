import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type MessageKey, QUOTA_POLICY, type QuotaUsage, translate } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../src/http/request-context';
import { makeZip } from '../../src/lib/zip-writer';
import { formatBytes } from '../../src/modules/quotas/quotas.service';
import { countRows, expectFailure, expectOk, HOUR, sharedProject } from '../support/helpers';
import { startPdbFixtureServer } from '../support/pdb-fixture-server';
import { createProject, createTestApp, guestLogin, registerUser, type TestApp, uniqueEmail } from '../support/test-app';
import { TEST_JOB_TYPES } from '../support/test-job-types';
import { baseUrlOf, importFile, importOk, partialUpload, tusUpload, uploadIdOf } from '../support/uploads';
import { waitUntil } from '../support/wait';

/**
 * Storage quotas (docs/decisions.md "Quotas"): every path that stores bytes for a user is
 * checked against the project owner's quota (files of the projects it created plus the
 * declared length of unfinished uploads); a refusal is 413 with used, limit and what was
 * needed, and leaves no row, object or upload behind.
 */

const MB = 1024 * 1024;
const ADMIN = uniqueEmail('quota-admin');
let t: TestApp;
let pdbArchive: Awaited<ReturnType<typeof startPdbFixtureServer>>;

beforeAll(async () => {
  pdbArchive = await startPdbFixtureServer();
  t = await createTestApp(
    {
      storageQuotaMb: 1,
      guestStorageQuotaMb: 0.25,
      maxUploadMb: 5,
      adminEmails: ADMIN,
      pdbArchiveUrl: pdbArchive.url,
      activeJobsMax: QUOTA_POLICY.activeJobs,
      guestActiveJobsMax: QUOTA_POLICY.guestActiveJobs,
    },
    { jobTypes: TEST_JOB_TYPES },
  );
  // ECHO writes an output of `words` bytes: a job whose outputs go beyond the quota.
  t.app.jobs.runner.register('ECHO', async (ctx) => {
    await ctx.output('big-output.txt', 'txt', Buffer.alloc(Number((ctx.params as { words: string }).words), 'x'));
  });
  t.app.jobs.runner.register('SLEEP', async () => {});
  t.app.jobs.runner.register('FAIL', async () => {});
  t.app.jobs.runner.start();
});
afterAll(async () => {
  await t?.app.jobs.runner.stop();
  await t?.close();
  await pdbArchive?.stop();
});

const quotaOf = async (token: string) => expectOk(await t.request<QuotaUsage>('GET', '/v1/quotas', { token }));
const authOf = async (token: string): Promise<AuthContext> => (await t.app.services.sessions.resolve(token))!;
const text = (bytes: number, char = 'x') => Buffer.alloc(bytes, char);

/** Imports a text file that leaves exactly `free` bytes of the owner's quota. */
async function fillTo(token: string, projectId: number, free: number): Promise<void> {
  const q = await quotaOf(token);
  const pad = q.storage_limit - q.storage_used - free;
  if (pad > 0) await importOk(t, token, projectId, `pad-${pad}.txt`, text(pad));
  expect((await quotaOf(token)).storage_used).toBe(q.storage_limit - free);
}

/** A tus creation by hand: the status and the envelope the server answers. */
async function createUpload(token: string, projectId: number, name: string, length: number) {
  const base = await baseUrlOf(t);
  const b64 = (v: string) => Buffer.from(v).toString('base64');
  const res = await fetch(`${base}/v1/uploads`, {
    method: 'POST',
    headers: {
      token,
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(length),
      'Upload-Metadata': `filename ${b64(name)},project_id ${b64(String(projectId))}`,
    },
  });
  const body = await res.text();
  return { status: res.status, body: body ? (JSON.parse(body) as { success: boolean; msg: string }) : null };
}

const quotaMessage = (key: MessageKey, used: number, limit: number, needed: number) =>
  translate(key, 'en', { used: formatBytes(used), limit: formatBytes(limit), needed: formatBytes(needed) });

/** What a refused operation must leave as it was. */
async function snapshot(projectId: number) {
  return {
    files: await countRows(t, 'files'),
    groups: await countRows(t, 'file_groups'),
    uploads: await countRows(t, 'uploads'),
    jobs: await countRows(t, 'jobs'),
    objects: (await t.app.storage.list(`projects/${projectId}`)).length,
    uploadObjects: (await t.app.storage.list('')).filter((k) => k.startsWith('up')).length,
  };
}

describe('GET /v1/quotas', () => {
  it('answers usage and limits of a registered user and of a guest; 401 without a session', async () => {
    const user = await registerUser(t);
    await createProject(t, user.token, 'Q');
    expect(await quotaOf(user.token)).toEqual({
      user_id: user.user.id,
      storage_used: 0,
      storage_reserved: 0,
      storage_limit: MB,
      storage_custom: false,
      projects: 1,
      projects_limit: 1000,
      jobs_running: 0,
      jobs_limit: 4,
    });
    const guest = await guestLogin(t);
    expect(await quotaOf(guest.token)).toMatchObject({
      storage_limit: MB / 4,
      projects: 0,
      projects_limit: 5,
      jobs_limit: QUOTA_POLICY.guestActiveJobs,
    });
    expectFailure(await t.request('GET', '/v1/quotas'), 401, 'sessionExpired');
  });
});

describe('uploads', () => {
  it('an upload larger than the room left is refused when it is created, naming used and limit', async () => {
    const guest = await guestLogin(t);
    const project = await createProject(t, guest.token, 'G');
    const before = await snapshot(project);
    const res = await createUpload(guest.token, project, 'big.txt', 300_000);
    expect(res).toEqual({
      status: 413,
      body: {
        success: false,
        msg: quotaMessage('guestStorageQuotaExceeded', 0, MB / 4, 300_000),
        data: null,
      },
    });
    expect(res.body?.msg).toBe(
      'Not enough storage: 0 B of the 256 KB a guest may store are used and this needs 293 KB more. Delete files, or register for a larger quota.',
    );
    // In the caller's language, like the rest of the API.
    const zh = await fetch(`${await baseUrlOf(t)}/v1/uploads`, {
      method: 'POST',
      headers: {
        token: guest.token,
        'accept-language': 'zh-CN',
        'Tus-Resumable': '1.0.0',
        'Upload-Length': '300000',
        'Upload-Metadata': `filename ${Buffer.from('a.txt').toString('base64')},project_id ${Buffer.from(String(project)).toString('base64')}`,
      },
    });
    expect(((await zh.json()) as { msg: string }).msg).toBe(
      translate('guestStorageQuotaExceeded', 'zh-CN', { used: '0 B', limit: '256 KB', needed: '293 KB' }),
    );
    expect(await snapshot(project)).toEqual(before);
    // The real client gets the same answer.
    await expect(tusUpload(await baseUrlOf(t), guest.token, project, 'big.txt', text(300_000))).rejects.toThrow(/413/);
    expect(await snapshot(project)).toEqual(before);
  });

  it('an unfinished upload reserves its declared length until it becomes files', async () => {
    const user = await registerUser(t);
    const project = await createProject(t, user.token, 'Reserve');
    const base = await baseUrlOf(t);
    const content = text(600_000);
    const url = await partialUpload(base, user.token, project, 'parked.txt', content, 1024);
    expect(await quotaOf(user.token)).toMatchObject({ storage_used: 600_000, storage_reserved: 600_000 });

    // The parked upload counts: a second one that would not fit beside it is refused.
    const before = await snapshot(project);
    const second = await createUpload(user.token, project, 'second.txt', 500_000);
    expect(second.status).toBe(413);
    expect(second.body?.msg).toBe(quotaMessage('storageQuotaExceeded', 600_000, MB, 500_000));
    expect(await snapshot(project)).toEqual(before);

    // Finished and registered, the reservation becomes the file (counted once).
    await tusUpload(base, user.token, project, 'parked.txt', content, { uploadUrl: url });
    const res = await t.request('POST', '/v1/files', {
      token: user.token,
      body: { name: 'parked.txt', project_id: project, file_url: uploadIdOf(url), ext: 'txt' },
    });
    expectOk(res, 'uploadSuccessful');
    expect(await quotaOf(user.token)).toMatchObject({ storage_used: 600_000, storage_reserved: 0 });
  });

  it('the reservation of an upload swept after a day is released', async () => {
    const user = await registerUser(t);
    const project = await createProject(t, user.token, 'Swept');
    await partialUpload(await baseUrlOf(t), user.token, project, 'left.txt', text(400_000), 1024);
    expect((await quotaOf(user.token)).storage_reserved).toBe(400_000);
    t.clock.advance(25 * HOUR);
    expect(await t.app.services.uploads.sweepStale()).toBeGreaterThanOrEqual(1);
    expect(await quotaOf(user.token)).toMatchObject({ storage_used: 0, storage_reserved: 0 });
  });

  it('an archive that expands beyond the quota is refused when it is registered, and the upload is removed', async () => {
    const user = await registerUser(t);
    const project = await createProject(t, user.token, 'Zip');
    // Digits compress about 2.4:1 (under the archive reader's ratio limit): 1.2 MB in a ~0.5 MB zip.
    let seed = 7;
    const digits = Buffer.from(
      Array.from({ length: 1_200_000 }, (_, i) => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return i % 80 === 79 ? 0x0a : 0x30 + (seed % 10);
      }),
    );
    const zip = makeZip([{ name: 'digits.txt', content: digits, deflate: true }]);
    expect(zip.length).toBeLessThan(MB);
    const before = await snapshot(project);
    const res = await importFile(t, user.token, project, 'digits.zip', zip);
    expectFailure(res, 413, 'storageQuotaExceeded', {
      params: { used: formatBytes(0), limit: formatBytes(MB), needed: formatBytes(digits.length) },
    });
    expect(await snapshot(project)).toEqual(before);
  });
});

describe("every path that stores bytes checks the project owner's quota", () => {
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let member: Awaited<ReturnType<typeof registerUser>>;
  let project: number;
  const ids = { smi: 0, sdf: 0, sdf2: 0, txt: 0 };

  beforeAll(async () => {
    owner = await registerUser(t);
    member = await registerUser(t);
    ({ id: project } = await sharedProject(t, owner.token, 'READ_WRITE', [member.token], 'QF12', 'Full'));
    ids.smi = (await importOk(t, owner.token, project, 'two.smi', 'CCO ethanol\nc1ccccc1 benzene\n')).id;
    const sample = (name: string) => readFileSync(join(t.config.samplesDir, name));
    ids.sdf = (await importOk(t, owner.token, project, 'lig.sdf', sample('7cnq_ligand.sdf'))).id;
    ids.sdf2 = (await importOk(t, owner.token, project, 'lig2.sdf', sample('1w1p_ligand.sdf'))).id;
    ids.txt = (await importOk(t, owner.token, project, 'notes.txt', 'short')).id;
    await fillTo(owner.token, project, 0);
  });

  const refusedFull = async (run: () => Promise<{ status: number; body: unknown }>, needed?: number) => {
    const before = await snapshot(project);
    const res = (await run()) as Awaited<ReturnType<typeof t.request>>;
    expect(res.status, JSON.stringify(res.body)).toBe(413);
    expect(res.body.success).toBe(false);
    expect(res.body.msg).toMatch(/^Not enough storage: 1 MB of your 1 MB are used and this needs .+ more\./);
    if (needed !== undefined) expect(res.body.msg).toBe(quotaMessage('storageQuotaExceeded', MB, MB, needed));
    expect(await snapshot(project)).toEqual(before);
  };

  it('tus upload', async () => {
    const before = await snapshot(project);
    const res = await createUpload(owner.token, project, 'more.txt', 10);
    expect(res.status).toBe(413);
    expect(res.body?.msg).toBe(quotaMessage('storageQuotaExceeded', MB, MB, 10));
    expect(await snapshot(project)).toEqual(before);
  });

  it('split', async () => {
    await refusedFull(() => t.request('POST', `/v1/files/${ids.smi}/split_pdb`, { token: owner.token }));
  });

  it('merge', async () => {
    await refusedFull(() =>
      t.request('POST', '/v1/jobs/merge_pdb', { token: owner.token, body: { file_ids: [ids.sdf, ids.sdf2] } }),
    );
  });

  it('convert to 3D and to MOL2', async () => {
    await refusedFull(() =>
      t.request('POST', `/v1/files/${ids.sdf}/convert_to_3d`, { token: owner.token, body: { is_new_entry: true } }),
    );
    await refusedFull(() =>
      t.request('POST', '/v1/jobs/to_mol2', { token: owner.token, body: { file_ids: [ids.sdf] } }),
    );
  });

  it('Get PDB', async () => {
    await refusedFull(() =>
      t.request('POST', '/v1/files/get_pdb', {
        token: owner.token,
        body: { project_id: project, pdb_id: '1w1p', is_show_entry: true },
      }),
    );
  });

  it('samples', async () => {
    await refusedFull(() =>
      t.request('POST', '/v1/files/samples', { token: owner.token, body: { project_id: project, sample_id: '7cnq' } }),
    );
  });

  it('editing a file: growing is refused, shrinking is not', async () => {
    await refusedFull(
      () => t.request('PUT', `/v1/files/${ids.txt}/content`, { token: owner.token, body: { content: 'longer text' } }),
      'longer text'.length - 'short'.length,
    );
    expectOk(
      await t.request('PUT', `/v1/files/${ids.txt}/content`, { token: owner.token, body: { content: 'shor' } }),
      'updateSuccessful',
    );
    expectOk(
      await t.request('PUT', `/v1/files/${ids.txt}/content`, { token: owner.token, body: { content: 'short' } }),
      'updateSuccessful',
    );
  });

  it('a job is not queued while the storage is full', async () => {
    const before = await snapshot(project);
    const res = await t.request('POST', '/v1/jobs/prepare_ligand', {
      token: owner.token,
      body: { project_id: project, ligand_id: ids.sdf },
    });
    expectFailure(res, 413, 'jobStorageFull', { params: { used: '1 MB', limit: '1 MB' } });
    expect(await snapshot(project)).toEqual(before);
  });

  it("a member writing into a shared project is refused with the owner's numbers", async () => {
    const before = await snapshot(project);
    const res = await createUpload(member.token, project, 'theirs.txt', 100);
    expect(res.status).toBe(413);
    expect(res.body?.msg).toBe(quotaMessage('ownerStorageQuotaExceeded', MB, MB, 100));
    const split = await t.request('POST', `/v1/files/${ids.smi}/split_pdb`, { token: member.token });
    expect(split.status).toBe(413);
    expect(split.body.msg).toMatch(/^Not enough storage in this project: its owner's 1 MB has 1 MB used/);
    expect(await snapshot(project)).toEqual(before);
    // The member's own quota is untouched by the owner's project.
    expect((await quotaOf(member.token)).storage_used).toBe(0);
  });
});

describe('job outputs may go beyond the quota', () => {
  it('are kept, the job log says so, and later writes are refused', async () => {
    const user = await registerUser(t);
    const project = await createProject(t, user.token, 'Jobs');
    await fillTo(user.token, project, 1000);
    const id = await t.app.jobs.service.submitRaw(await authOf(user.token), project, 'ECHO', 'big', { words: '50000' });
    const job = await waitUntil(
      async () => (await t.request<{ status: string }>('GET', `/v1/jobs/${id}`, { token: user.token })).body.data,
      (j) => j.status === 'FINISHED' || j.status === 'FAILED',
      { what: 'the job ending' },
    );
    expect(job.status).toBe('FINISHED');
    const outputs = expectOk(await t.request<{ size: number }[]>('GET', `/v1/jobs/${id}/files`, { token: user.token }));
    expect(outputs.map((f) => f.size)).toEqual([50_000]);
    const q = await quotaOf(user.token);
    expect(q.storage_used).toBe(MB + 49_000);
    expect(q.storage_used).toBeGreaterThan(q.storage_limit);
    const log = expectOk(await t.request<{ comment: string }>('GET', `/v1/jobs/${id}/comment`, { token: user.token }));
    expect(log.comment).toContain(
      "Storage quota exceeded: the project owner's 1 MB now hold 1 MB. This job's outputs are kept",
    );
    // Over the limit: nothing more is stored, no job is queued.
    const upload = await createUpload(user.token, project, 'x.txt', 1);
    expect(upload.body?.msg).toBe(quotaMessage('storageQuotaExceeded', MB + 49_000, MB, 1));
    await expect(
      t.app.jobs.service.submitRaw(await authOf(user.token), project, 'ECHO', null, { words: '1' }),
    ).rejects.toMatchObject({ statusCode: 413, key: 'jobStorageFull' });
  });
});

describe('PUT /v1/quotas/storage: an admin sets a user storage quota', () => {
  let admin: Awaited<ReturnType<typeof registerUser>>;
  let user: Awaited<ReturnType<typeof registerUser>>;
  let project: number;

  beforeAll(async () => {
    admin = await registerUser(t, ADMIN);
    user = await registerUser(t);
    project = await createProject(t, user.token, 'Raise');
    await fillTo(user.token, project, 0);
  });
  const put = (token: string | undefined, body: unknown) => t.request('PUT', '/v1/quotas/storage', { token, body });

  it('the owner of the Admin Panel permission raises it, and the refused write then fits', async () => {
    expect((await createUpload(user.token, project, 'a.txt', 1000)).status).toBe(413);
    const raised = expectOk(
      await put(admin.token, { user_id: user.user.id, storage_mb: 2 }),
      'updateSuccessful',
    ) as QuotaUsage;
    expect(raised).toMatchObject({
      user_id: user.user.id,
      storage_limit: 2 * MB,
      storage_custom: true,
      storage_used: MB,
    });
    expect(await quotaOf(user.token)).toMatchObject({ storage_limit: 2 * MB, storage_custom: true });
    await importOk(t, user.token, project, 'fits.txt', text(1000));
    // null: back to the default of the user's type.
    const reset = expectOk(await put(admin.token, { user_id: user.user.id, storage_mb: null }), 'updateSuccessful');
    expect(reset).toMatchObject({ storage_limit: MB, storage_custom: false });
  });

  it("a guest's raised quota is a quota like any other", async () => {
    const guest = await guestLogin(t);
    expectOk(await put(admin.token, { user_id: guest.user.id, storage_mb: 3 }), 'updateSuccessful');
    expect(await quotaOf(guest.token)).toMatchObject({ storage_limit: 3 * MB, storage_custom: true });
  });

  it('anyone else is refused and nothing changes: registered 403, guest 403, no token 401', async () => {
    const other = await registerUser(t);
    const guest = await guestLogin(t);
    const body = { user_id: other.user.id, storage_mb: 4096 };
    expectFailure(await put(other.token, body), 403, 'quotaAdminOnly');
    expectFailure(await put(user.token, body), 403, 'quotaAdminOnly');
    expectFailure(await put(guest.token, { ...body, user_id: guest.user.id }), 403, 'quotaAdminOnly');
    expectFailure(await put(undefined, body), 401, 'sessionExpired');
    expect(await quotaOf(other.token)).toMatchObject({ storage_limit: MB, storage_custom: false });
    expect(await quotaOf(guest.token)).toMatchObject({ storage_limit: MB / 4, storage_custom: false });
  });

  it('refuses an unknown user (404) and a quota that is not a whole positive number of MB (400)', async () => {
    expectFailure(await put(admin.token, { user_id: 999_999, storage_mb: 10 }), 404, 'quotaUserNotFound', {
      params: { id: 999_999 },
    });
    for (const storage_mb of [0, -5, 1.5, 'lots']) {
      const res = await put(admin.token, { user_id: user.user.id, storage_mb });
      expect({ status: res.status, success: res.body.success }, String(storage_mb)).toEqual({
        status: 400,
        success: false,
      });
    }
  });
});
