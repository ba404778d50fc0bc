import { type FileGroup, messages, type ProjectDetail, type ProjectFile } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchFile } from '../support/bench';
import { countRows, expectFailure, expectOk } from '../support/helpers';
import { startPdbFixtureServer } from '../support/pdb-fixture-server';
import { createProject, createTestApp, registerUser, type TestApp } from '../support/test-app';
import { importOk } from '../support/uploads';

let t: TestApp;
let archive: Awaited<ReturnType<typeof startPdbFixtureServer>>;
let token: string;
let projectId: number;

beforeAll(async () => {
  archive = await startPdbFixtureServer();
  t = await createTestApp({ pdbArchiveUrl: archive.url });
  ({ token } = await registerUser(t));
  projectId = await createProject(t, token, 'Groups');
});
afterAll(async () => {
  await t?.close();
  await archive?.stop();
});

const entries = async () =>
  (await t.request<ProjectDetail>('GET', `/v1/projects/${projectId}`, { token })).body.data.files;

describe('file groups', () => {
  let a: ProjectFile;
  let b: ProjectFile;
  let c: ProjectFile;
  beforeAll(async () => {
    a = await importOk(t, token, projectId, 'a.pdb', benchFile('1w1p', 'receptor.pdb'));
    b = await importOk(t, token, projectId, 'b.sdf', benchFile('1iep', 'ligand.sdf'));
    c = await importOk(t, token, projectId, 'c.sdf', benchFile('7cnq', 'ligand.sdf'));
  });

  it('groups files under "New Group" by default and numbers entries in display order', async () => {
    const group = expectOk(
      await t.request<FileGroup>('POST', '/v1/file_groups/add', {
        token,
        body: { project_id: projectId, ids: [a.id, b.id] },
      }),
    );
    expect(group.name).toBe('New Group');
    expect(group.files.map((f) => f.id).sort()).toEqual([a.id, b.id].sort());
    const list = await entries();
    const shown = list.find((e) => !e.is_file && e.id === group.id) as FileGroup;
    expect(shown.files).toHaveLength(2);
    const indexes = list.flatMap((e) => (e.is_file ? [e.index] : e.files.map((f) => f.index)));
    expect(indexes).toEqual(indexes.map((_, i) => i + 1));
  });

  it('renames, ungroups and drops', async () => {
    const group = expectOk(
      await t.request<FileGroup>('POST', '/v1/file_groups/add', {
        token,
        body: { name: 'Ligands', project_id: projectId, ids: [c.id] },
      }),
    );
    const renamed = expectOk(
      await t.request<FileGroup>('PUT', `/v1/file_groups/${group.id}/name`, { token, body: { name: 'Hits' } }),
      'updateSuccessful',
    );
    expect(renamed.name).toBe('Hits');
    expectOk(await t.request('POST', `/v1/file_groups/${group.id}/ungroup`, { token }), 'ungroupSuccessful');
    expect((await entries()).some((e) => e.is_file && e.id === c.id)).toBe(true);
    expectFailure(await t.request('POST', `/v1/file_groups/${group.id}/ungroup`, { token }), 404, 'groupNotFound');

    const again = expectOk(
      await t.request<FileGroup>('POST', '/v1/file_groups/add', {
        token,
        body: { project_id: projectId, ids: [c.id] },
      }),
    );
    expectOk(await t.request('POST', `/v1/file_groups/${again.id}/drop_group`, { token }), 'deleteGroupSuccessful');
    const list = await entries();
    expect(list.some((e) => e.id === again.id && !e.is_file)).toBe(false);
    // Dropping hides the files from the entry list; they remain in the project.
    expect(list.some((e) => e.is_file && e.id === c.id)).toBe(false);
    expectOk(await t.request('GET', `/v1/files/${c.id}`, { token }));
  });

  /** A group of its own for a test: two new files, grouped through the API. */
  async function newGroup(): Promise<{ group: FileGroup; pdb: ProjectFile; sdf: ProjectFile }> {
    const pdb = await importOk(t, token, projectId, 'g.pdb', benchFile('1w1p', 'receptor.pdb'));
    const sdf = await importOk(t, token, projectId, 'g.sdf', benchFile('1iep', 'ligand.sdf'));
    const group = expectOk(
      await t.request<FileGroup>('POST', '/v1/file_groups/add', {
        token,
        body: { project_id: projectId, ids: [pdb.id, sdf.id] },
      }),
    );
    return { group, pdb, sdf };
  }

  it('a single file already in a group cannot be regrouped alone', async () => {
    const { group, pdb } = await newGroup();
    expectFailure(
      await t.request('POST', '/v1/file_groups/add', { token, body: { project_id: projectId, ids: [pdb.id] } }),
      400,
      'selectTwoFiles',
    );
    const groups = expectOk(await t.request<FileGroup[]>('GET', `/v1/projects/${projectId}/groups`, { token }));
    expect(groups.find((g) => g.id === group.id)?.files.map((f) => f.id)).toContain(pdb.id);
  });

  it("lists a group's files by type", async () => {
    const { group, pdb } = await newGroup();
    const id = group.id;
    const pdbs = expectOk(
      await t.request<ProjectFile[]>('GET', '/v1/file_groups/files', {
        token,
        query: { group_id: String(id), file_type: 'PDB' },
      }),
    );
    expect(pdbs.map((f) => f.id)).toEqual([pdb.id]);
    expectFailure(
      await t.request('GET', '/v1/file_groups/files', { token, query: { group_id: 'x;1' } }),
      400,
      'validationFormat',
      { params: { field: 'group_id' } },
    );
  });
});

describe('Get PDB (local fixture archive)', () => {
  it('downloads PDB format and stores it as GET_PDB', async () => {
    const file = expectOk(
      await t.request<ProjectFile>('POST', '/v1/files/get_pdb', {
        token,
        body: { project_id: projectId, pdb_id: '1w1p' },
      }),
    );
    expect(file).toMatchObject({ name: '1W1P.pdb', ext: 'pdb', source_type: 'GET_PDB', file_type: 'PDB' });
  });

  it('falls back to mmCIF when the archive has no PDB-format file', async () => {
    const file = expectOk(
      await t.request<ProjectFile>('POST', '/v1/files/get_pdb', {
        token,
        body: { project_id: projectId, pdb_id: '9big' },
      }),
    );
    expect(file).toMatchObject({ name: '9BIG.cif', ext: 'cif', file_type: 'CIF' });
    expect(archive.requests).toContain('/9BIG.pdb');
  });

  it('answers clearly for a missing id, an unknown id and an archive failure, storing nothing', async () => {
    const before = await countRows(t, 'files');
    expectFailure(
      await t.request('POST', '/v1/files/get_pdb', { token, body: { project_id: projectId } }),
      400,
      'pdbIdRequired',
    );
    expect(messages.pdbIdRequired.en).toBe('Please input PDB ID');
    expectFailure(
      await t.request('POST', '/v1/files/get_pdb', { token, body: { project_id: projectId, pdb_id: 'abc' } }),
      400,
      'pdbIdInvalid',
    );
    expectFailure(
      await t.request('POST', '/v1/files/get_pdb', { token, body: { project_id: projectId, pdb_id: '1zzz' } }),
      404,
      'pdbNotFound',
      { params: { pdbId: '1ZZZ' } },
    );
    expectFailure(
      await t.request('POST', '/v1/files/get_pdb', { token, body: { project_id: projectId, pdb_id: '5err' } }),
      400,
      'pdbDownloadFailed',
    );
    expect(await countRows(t, 'files')).toBe(before);
  });

  it('editing a GET_PDB file stores a new file and deletes the old one (spec §4)', async () => {
    const original = expectOk(
      await t.request<ProjectFile>('POST', '/v1/files/get_pdb', {
        token,
        body: { project_id: projectId, pdb_id: '7cnq' },
      }),
    );
    const oldKey = (
      await t.db.kysely
        .selectFrom('files')
        .select('storage_key')
        .where('id', '=', original.id)
        .executeTakeFirstOrThrow()
    ).storage_key;
    const res = await t.request<{ file: ProjectFile; replaced_id: number }>('PUT', `/v1/files/${original.id}/content`, {
      token,
      body: {
        content: 'REMARK edited\nATOM      1  N   GLY A   1       1.000   2.000   3.000  1.00  0.00           N\nEND\n',
      },
    });
    const data = expectOk(res, 'updateSuccessful');
    expect(data.replaced_id).toBe(original.id);
    expect(data.file.id).not.toBe(original.id);
    expect(data.file.source_type).toBe('ALIYUN');
    expectFailure(await t.request('GET', `/v1/files/${original.id}`, { token }), 404, 'fileNotFound');
    expect(await t.app.storage.exists(oldKey)).toBe(false);
  });
});

describe('bundled samples', () => {
  it("lists samples in the caller's language and imports one as project files", async () => {
    const en = expectOk(await t.request<{ id: string; description: string }[]>('GET', '/v1/files/samples', { token }));
    const zh = expectOk(
      await t.request<{ id: string; description: string }[]>('GET', '/v1/files/samples', { token, lang: 'zh-CN' }),
      'ok',
      'zh-CN',
    );
    expect(en.map((s) => s.id)).toContain('5x72');
    expect(zh[0]!.description).not.toBe(en[0]!.description);
    const files = expectOk(
      await t.request<{ files: ProjectFile[] }>('POST', '/v1/files/samples', {
        token,
        body: { project_id: projectId, sample_id: '7cnq' },
      }),
      'uploadSuccessful',
    ).files;
    expect(files.map((f) => f.name)).toEqual(['7cnq_receptor.pdb', '7cnq_ligand.sdf']);
    expectFailure(
      await t.request('POST', '/v1/files/samples', { token, body: { project_id: projectId, sample_id: 'nope' } }),
      404,
      'sampleNotFound',
    );
  });
});
