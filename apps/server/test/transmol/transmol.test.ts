import type {
  AuthResult,
  Job,
  MessageKey,
  TransMolLigandsResult,
  TransMolResultList,
  TransMolResultRow,
} from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForJob } from '../docking/docking-support';
import { countRows, expectFailure, expectOk, sharedProject } from '../support/helpers';
import { expectedAnswer, ROLES, type Role } from '../support/roles';
import { createProject, createTestApp, guestLogin, registerUser, type TestApp } from '../support/test-app';

/**
 * TransMol through the API with the real generator (medx_chem.transmol on Debian's RDKit):
 * submission and its refusals, the result table, exports, generate → 3D ligands, and who
 * may call each endpoint.
 */
let t: TestApp;
let owner: AuthResult;
let projectId: number;
const ASPIRIN = 'CC(=O)Oc1ccccc1C(=O)O';
const SALICYLAMIDE = 'NC(=O)c1ccccc1O';

beforeAll(async () => {
  t = await createTestApp();
  t.app.jobs.runner.start();
  owner = await registerUser(t);
  projectId = await createProject(t, owner.token, 'TransMol');
});
afterAll(async () => {
  await t?.app.jobs.runner.stop();
  await t?.close();
});

/** `token` null sends no token at all. */
const submitRaw = (body: Record<string, unknown>, token: string | null = owner.token, project = projectId) =>
  t.request<{ job_id: number }>('POST', '/v1/jobs/transmol', {
    token: token ?? undefined,
    body: { project_id: project, smiles1: ASPIRIN, smiles2: SALICYLAMIDE, ...body },
  });
const submit = async (body: Record<string, unknown> = {}) => expectOk(await submitRaw(body), 'submitSuccess').job_id;
const results = async (query: Record<string, string | number> = {}, project = projectId) =>
  expectOk(
    await t.request<TransMolResultList>('GET', `/v1/projects/${project}/transmol_result`, {
      token: owner.token,
      query,
    }),
  );
const download = async (fileId: number) =>
  (await t.app.http.inject({ method: 'GET', url: `/v1/files/${fileId}/download`, headers: { token: owner.token } }))
    .body;
const finished = async (jobId: number) => {
  const job = await waitForJob(t, owner.token, jobId);
  expect(job, job.error ?? '').toMatchObject({ status: 'FINISHED' });
  return job;
};

describe('a TransMol job between aspirin and salicylamide', () => {
  let jobId: number;
  let all: TransMolResultRow[];
  beforeAll(async () => {
    jobId = await submit({ number: 10, seed: 42, job_name: 'Aspirin pair' });
    await finished(jobId);
    all = (await results({ limit: 100 })).items;
  }, 120_000);

  it('keeps `number` new molecules, each with its scores and image; SYBA stays null', async () => {
    expect(all).toHaveLength(10);
    expect(all.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(all[0]!.filename).toBe('Aspirin_pair_001');
    expect(new Set(all.map((r) => r.smiles)).size).toBe(10);
    for (const row of all) {
      expect(row.syba_score).toBeNull();
      expect(row.sa_score).toBeGreaterThanOrEqual(1);
      expect(row.sa_score).toBeLessThanOrEqual(10);
      expect(row.qed).toBeGreaterThan(0);
      expect(Buffer.from(row.image, 'base64').subarray(1, 4).toString()).toBe('PNG');
    }
  });

  it('shows the latest finished job by default, 5 per page, sorted on request', async () => {
    const first = await results();
    expect(first).toMatchObject({ job_id: jobId, total: 10 });
    expect(first.seeds).toEqual(['CC(=O)Oc1ccccc1C(=O)O', 'NC(=O)c1ccccc1O']);
    expect(first.items.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5]);
    expect((await results({ page: 2 })).items.map((r) => r.rank)).toEqual([6, 7, 8, 9, 10]);
    const byQed = (await results({ sort: 'qed', order: 'desc', limit: 10 })).items.map((r) => r.qed);
    expect(byQed).toEqual([...all.map((r) => r.qed)].sort((a, b) => b - a));
    expect((await results({ job_id: jobId, limit: 3 })).items).toHaveLength(3);
  });

  it('exports every molecule as SDF (2D, named, with scores) and CSV', async () => {
    const list = await results();
    const sdf = await download(list.sdf_file_id!);
    const records = sdf.split('$$$$\n').filter((r) => r.trim());
    expect(records).toHaveLength(10);
    expect(records[0]!.split('\n')[0]).toBe('Aspirin_pair_001');
    expect(records[0]).toContain('>  <qed>');
    const csv = (await download(list.csv_file_id!)).trim().split('\n');
    expect(csv[0]).toBe(
      'rank,filename,smiles,syba_score,sa_score,qed,similarity1,similarity2,molecular_weight,logp,hbd,hba,' +
        'lipinski_mw,lipinski_logp,lipinski_hbd,lipinski_hba',
    );
    expect(csv).toHaveLength(11);
    expect(csv[1]!.split(',').slice(0, 3)).toEqual(['1', 'Aspirin_pair_001', all[0]!.smiles]);
  });

  it('the same random seed generates the same molecules', async () => {
    const again = await submit({ number: 10, seed: 42 });
    await finished(again);
    const rows = (await results({ job_id: again, limit: 100 })).items;
    expect(rows.map((r) => r.smiles)).toEqual(all.map((r) => r.smiles));
  }, 120_000);

  it('turns chosen molecules into one 3D ligand file with hydrogens, for docking', async () => {
    const files = await countRows(t, 'files');
    const made = expectOk(
      await t.request<TransMolLigandsResult>('POST', `/v1/jobs/${jobId}/transmol_ligands`, {
        token: owner.token,
        body: { ranks: [1, 2, 3] },
      }),
    );
    expect(made.name).toBe('Aspirin_pair_selected.sdf');
    expect(await countRows(t, 'files')).toBe(files + 1);
    const records = (await download(made.file_id)).split('$$$$\n').filter((r) => r.trim());
    expect(records.length + made.skipped.length).toBe(3);
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) {
      const atomLines = record.split('\n').filter((l) => /^\s+-?\d+\.\d{4}\s+-?\d+\.\d{4}\s+-?\d+\.\d{4}\s+\w/.test(l));
      const zs = atomLines.map((l) => Number(l.slice(20, 30)));
      expect(Math.max(...zs) - Math.min(...zs)).toBeGreaterThan(0.5);
      expect(atomLines.some((l) => l.slice(31, 34).trim() === 'H')).toBe(true);
    }
  }, 60_000);

  it('refuses ligands from no molecule, too many, or a rank not in the result; writes nothing', async () => {
    const files = await countRows(t, 'files');
    const ligands = (body: unknown) =>
      t.request('POST', `/v1/jobs/${jobId}/transmol_ligands`, { token: owner.token, body: body as object });
    expectFailure(await ligands({ ranks: [] }), 400, 'transmolPickMolecules');
    expectFailure(await ligands({}), 400, 'transmolPickMolecules');
    expectFailure(
      await ligands({ ranks: Array.from({ length: 21 }, (_, i) => i + 1) }),
      400,
      'transmolTooManyMolecules',
    );
    expectFailure(await ligands({ ranks: [1, 11] }), 400, 'transmolUnknownRank', { params: { rank: 11 } });
    expect(await countRows(t, 'files')).toBe(files);
  });
});

describe('refusals of POST /v1/jobs/transmol: a clear message and no job', () => {
  const cases: {
    what: string;
    body: Record<string, unknown>;
    key: MessageKey;
    params?: Record<string, string | number>;
  }[] = [
    { what: 'no first SMILES', body: { smiles1: '' }, key: 'transmolSmiles1Required' },
    { what: 'no second SMILES', body: { smiles2: undefined }, key: 'transmolSmiles2Required' },
    {
      what: 'an invalid SMILES',
      body: { smiles1: 'C1CC' },
      key: 'transmolSeedInvalid',
    },
    {
      what: 'the same molecule twice (two spellings)',
      body: { smiles2: 'OC(=O)c1ccccc1OC(C)=O' },
      key: 'transmolSameSeeds',
    },
    {
      what: 'a seed of 200 heavy atoms',
      body: { smiles2: 'C'.repeat(200) },
      key: 'transmolSeedTooLarge',
      params: { which: 2, count: 200, max: 100 },
    },
    {
      what: 'two molecules in one seed',
      body: { smiles1: 'CCO.CCN' },
      key: 'transmolSeedSingleMolecule',
      params: { which: 1 },
    },
    {
      what: 'a remain range end past number × 10',
      body: { number: 10, remain_range_le: 110 },
      key: 'transmolRemainRange',
    },
    {
      what: 'a remain range starting at its end',
      body: { remain_range_ge: 50, remain_range_le: 50 },
      key: 'transmolRemainRange',
    },
  ];
  it.each(cases)('$what', async ({ body, key, params }) => {
    const jobs = await countRows(t, 'jobs');
    const res = await submitRaw(body);
    if (key === 'transmolSeedInvalid') {
      expect({ status: res.status, success: res.body.success }).toEqual({ status: 400, success: false });
      expect(res.body.msg).toMatch(/^SMILES 1 is not a valid molecule: /);
    } else {
      expectFailure(res, 400, key, { params });
    }
    expect(await countRows(t, 'jobs')).toBe(jobs);
  });

  it.each([
    ['epsilon', 0.05],
    ['epsilon', 1.5],
    ['epsilon', 'abc'],
    ['number', 9],
    ['number', 101],
    ['number', 10.5],
    ['remain_range_ge', -10],
    ['remain_range_le', 2.5],
  ])('%s = %s is refused naming the field', async (field, value) => {
    const jobs = await countRows(t, 'jobs');
    const res = await submitRaw({ [field]: value });
    expect({ status: res.status, success: res.body.success }).toEqual({ status: 400, success: false });
    expect(res.body.msg).toContain(field);
    expect(await countRows(t, 'jobs')).toBe(jobs);
  });
});

describe('a generation that finds nothing in the remain range', () => {
  it('fails the job with the reason', async () => {
    // Methane and ethane: no molecule lies between them; ranks 90 to 100 do not exist.
    const jobId = await submit({
      smiles1: 'C',
      smiles2: 'CC',
      epsilon: 0.1,
      remain_range_ge: 90,
      remain_range_le: 100,
    });
    const job: Job = await waitForJob(t, owner.token, jobId);
    expect(job.status).toBe('FAILED');
    expect(job.error).toContain('no new valid molecules were found');
    // Its result table is empty, and it is not offered as "the latest result".
    expect((await results({ job_id: jobId })).total).toBe(0);
    const ligands = await t.request('POST', `/v1/jobs/${jobId}/transmol_ligands`, {
      token: owner.token,
      body: { ranks: [1] },
    });
    expectFailure(ligands, 400, 'transmolJobNotFinished');
  }, 60_000);

  it('a project without TransMol jobs has an empty result, not an error', async () => {
    const empty = await createProject(t, owner.token, 'No TransMol');
    expect(await results({}, empty)).toEqual({
      job_id: null,
      seeds: null,
      sdf_file_id: null,
      csv_file_id: null,
      total: 0,
      items: [],
    });
  });
});

describe('who may submit (write), read results (read) and make ligands (write)', () => {
  const users = {} as Record<Exclude<Role, 'noToken'>, AuthResult>;
  let rwProject: number;
  let roProject: number;
  const jobOf = new Map<number, number>();

  beforeAll(async () => {
    users.owner = owner;
    for (const role of ['readWriteMember', 'readOnlyMember', 'stranger'] as const) users[role] = await registerUser(t);
    users.guest = await guestLogin(t);
    await createProject(t, users.guest.token, 'Guest');
    rwProject = (await sharedProject(t, owner.token, 'READ_WRITE', [users.readWriteMember.token], 'TM12')).id;
    roProject = (await sharedProject(t, owner.token, 'READ_ONLY', [users.readOnlyMember.token], 'TR12')).id;
    for (const project of [rwProject, roProject]) {
      const id = expectOk(await submitRaw({ seed: 1 }, owner.token, project), 'submitSuccess').job_id;
      await finished(id);
      jobOf.set(project, id);
    }
  }, 120_000);

  const tokenOf = (role: Role) => (role === 'noToken' ? null : users[role].token);
  const projectFor = (role: Role) => (role === 'readOnlyMember' ? roProject : rwProject);
  const check = async (role: Role, need: 'read' | 'write', call: () => ReturnType<TestApp['request']>) => {
    const [jobs, files] = [await countRows(t, 'jobs'), await countRows(t, 'files')];
    const res = await call();
    const want = expectedAnswer(role, need);
    if (want === 200) {
      expect({ status: res.status, success: res.body.success }, JSON.stringify(res.body).slice(0, 300)).toEqual({
        status: 200,
        success: true,
      });
      // An accepted submission runs on: let it write its outputs now, or they would land
      // while a later role's refused call is being checked for rows it must not write.
      const jobId = (res.body.data as { job_id?: number } | null)?.job_id;
      if (jobId !== undefined) await finished(jobId);
      return;
    }
    expectFailure(res, want[0], want[1]);
    expect([await countRows(t, 'jobs'), await countRows(t, 'files')]).toEqual([jobs, files]);
  };

  it.each(ROLES)('POST /v1/jobs/transmol: %s', async (role) => {
    await check(role, 'write', () => submitRaw({ seed: 2 }, tokenOf(role), projectFor(role)));
  });
  it.each(ROLES)('GET /v1/projects/{id}/transmol_result: %s', async (role) => {
    await check(role, 'read', () =>
      t.request('GET', `/v1/projects/${projectFor(role)}/transmol_result`, { token: tokenOf(role) ?? undefined }),
    );
  });
  it.each(ROLES)('POST /v1/jobs/{id}/transmol_ligands: %s', async (role) => {
    await check(role, 'write', () =>
      t.request('POST', `/v1/jobs/${jobOf.get(projectFor(role))}/transmol_ligands`, {
        token: tokenOf(role) ?? undefined,
        body: { ranks: [1] },
      }),
    );
  });
});
