import { request as httpRequest } from 'node:http';
import { type CreateFileResult, type FileList, messages, type ProjectDetail, type ProjectFile } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchFile } from '../support/bench';
import { countRows, expectFailure, expectOk, SECOND } from '../support/helpers';
import { createProject, createTestApp, registerUser, type TestApp } from '../support/test-app';
import {
  baseUrlOf,
  importFile,
  importOk,
  objectsUnder,
  partialUpload,
  tusUpload,
  uploadIdOf,
  uploadOffset,
  watchTusRequests,
} from '../support/uploads';
import { waitUntil } from '../support/wait';

let t: TestApp;
let token: string;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp({ maxUploadMb: 5 });
  ({ token } = await registerUser(t));
  projectId = await createProject(t, token, 'Files');
});
afterAll(() => t?.close());

const entries = async (id = projectId) =>
  (await t.request<ProjectDetail>('GET', `/v1/projects/${id}`, { token })).body.data.files;

async function download(file: ProjectFile): Promise<Buffer> {
  const res = await t.app.http.inject({ method: 'GET', url: file.url, headers: { token } });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

describe('import: tus upload then POST /v1/files', () => {
  it('stores a PDB under a per-project random key and lists it', async () => {
    const pdb = benchFile('1w1p', 'receptor.pdb');
    const res = await importFile(t, token, projectId, '1w1p.pdb', pdb);
    const data = expectOk(res, 'uploadSuccessful');
    expect(data).toMatchObject({ name: '1w1p.pdb', ext: 'pdb' });
    const file = data.files[0]!;
    expect(file).toMatchObject({ file_type: 'PDB', source_type: 'ALIYUN', size: pdb.length, is_show_entry: true });
    expect((await download(file)).equals(pdb)).toBe(true);
    const row = await t.db.kysely.selectFrom('files').selectAll().where('id', '=', file.id).executeTakeFirstOrThrow();
    expect(row.storage_key).toMatch(new RegExp(`^projects/${projectId}/[0-9a-f]{32}\\.pdb$`));
    // The upload object and its record are gone once the entry exists.
    expect(await countRows(t, 'uploads')).toBe(0);
    expect((await entries()).some((e) => e.id === file.id && e.is_file)).toBe(true);
  });

  it('stores an SDF as file type SDF', async () => {
    const file = await importOk(t, token, projectId, 'ligand.sdf', benchFile('1iep', 'ligand.sdf'));
    expect(file.file_type).toBe('SDF');
  });

  it('resumes an interrupted upload from where it stopped', async () => {
    const base = await baseUrlOf(t);
    const content = Buffer.concat([benchFile('1iep', 'receptor.pdb'), benchFile('1iep', 'receptor.pdb')]);
    const chunk = 64 * 1024;
    const url = await partialUpload(base, token, projectId, 'big.pdb', content, chunk);
    expect(await uploadOffset(url, token)).toBe(chunk);
    const second = await tusUpload(base, token, projectId, 'big.pdb', content, { chunkSize: chunk, uploadUrl: url });
    const res = await t.request<CreateFileResult>('POST', '/v1/files', {
      token,
      body: { name: 'big.pdb', project_id: projectId, file_url: uploadIdOf(second.url), ext: 'pdb' },
    });
    const file = expectOk(res, 'uploadSuccessful').files[0]!;
    expect((await download(file)).equals(content)).toBe(true);
  });

  it('refuses an unfinished upload and leaves it to be resumed', async () => {
    const base = await baseUrlOf(t);
    const content = benchFile('1iep', 'receptor.pdb');
    const url = await partialUpload(base, token, projectId, 'p.pdb', content, 1024);
    const res = await t.request('POST', '/v1/files', {
      token,
      body: { name: 'p.pdb', project_id: projectId, file_url: uploadIdOf(url), ext: 'pdb' },
    });
    expectFailure(res, 409, 'uploadIncomplete', { params: { name: 'p.pdb', received: 1024, size: content.length } });
    // The partial upload is kept (issue 9): its client resumes it, or the day-old sweep removes it.
    expect(await uploadOffset(url, token)).toBe(1024);
    expect(await countRows(t, 'uploads')).toBe(1);
    // Cancelled by its client (tus DELETE), it is gone with its record.
    const deleted = await fetch(url, { method: 'DELETE', headers: { token, 'Tus-Resumable': '1.0.0' } });
    expect(deleted.status).toBe(204);
    await waitUntil(
      () => countRows(t, 'uploads'),
      (n) => n === 0,
      { what: 'the terminated upload record going' },
    );
  });

  it('survives clients that disconnect in the middle of a chunk, and resumes from what it kept', async () => {
    // A closed browser tab cuts a PATCH mid-body; the server must neither crash (an
    // unhandled error fails this run) nor lose or misplace what it already holds.
    const base = await baseUrlOf(t);
    // Text that differs by position: a chunk stored at the wrong offset would show.
    const content = Buffer.from(Array.from({ length: 200_000 }, (_, i) => 0x20 + (i % 95)));
    const url = await partialUpload(base, token, projectId, 'cut.txt', content, 1000);
    const tusRequests = await watchTusRequests(t);
    try {
      const offsets = [await uploadOffset(url, token)];
      for (let i = 0; i < 10; i++) {
        const offset = offsets.at(-1)!;
        const before = tusRequests.started();
        const req = httpRequest(url, {
          method: 'PATCH',
          headers: {
            token,
            'Tus-Resumable': '1.0.0',
            'Upload-Offset': String(offset),
            'Content-Type': 'application/offset+octet-stream',
            'Content-Length': String(content.length - offset),
          },
        });
        req.on('error', () => {}); // the cut below
        req.write(content.subarray(offset, offset + 10_000));
        // Cut once the server is handling the PATCH: then the cut is in the middle of its body...
        await waitUntil(
          async () => tusRequests.started(),
          (n) => n > before,
          { what: 'the server taking the PATCH', intervalMs: 10 },
        );
        req.destroy();
        // ...and go on once the server is done with it (its lock released, its offset final).
        await waitUntil(
          async () => tusRequests.inFlight(),
          (n) => n === 0,
          { what: 'the server ending the cut PATCH', intervalMs: 10 },
        );
        offsets.push(await uploadOffset(url, token));
      }
      // Nothing it held was lost: the offset never went back.
      expect(offsets[0]).toBe(1000);
      expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
      expect(offsets.at(-1)).toBeLessThan(content.length);
    } finally {
      tusRequests.restore();
    }

    // Still answering, and the upload finishes from wherever it stopped, without retries:
    // the server is done with the cut requests, so the offset it announces is the one it takes.
    const finished = await tusUpload(base, token, projectId, 'cut.txt', content, { uploadUrl: url });
    expect(finished.url).toBe(url);
    expect(await uploadOffset(url, token)).toBe(content.length);
    const res = await t.request<CreateFileResult>('POST', '/v1/files', {
      token,
      body: { name: 'cut.txt', project_id: projectId, file_url: uploadIdOf(url), ext: 'txt' },
    });
    expect((await download(expectOk(res, 'uploadSuccessful').files[0]!)).equals(content)).toBe(true);
  });

  describe('bad input leaves nothing behind', () => {
    const before = { files: 0, objects: 0 };
    const snapshot = async () => ({
      files: await countRows(t, 'files'),
      objects: (await objectsUnder(t, `projects/${projectId}`)).length,
    });
    const expectUnchanged = async () => {
      expect(await snapshot()).toEqual(before);
      // No upload object, metadata or record survives a refusal.
      expect((await t.app.storage.list('')).filter((k) => k.startsWith('up'))).toEqual([]);
      expect(await countRows(t, 'uploads')).toBe(0);
    };

    it.each([
      ['an unsupported extension', 'tool.exe', Buffer.from('MZ...'), 'notSupportExt', { fileExtension: '.exe' }],
      ['an empty file', 'empty.pdb', Buffer.alloc(0), 'fileEmpty', { name: 'empty.pdb' }],
      [
        'binary garbage named .sdf',
        'junk.sdf',
        Buffer.from([0, 159, 146, 150, 0, 1, 2, 3, 255, 254]),
        'invalidStructure',
        null,
      ],
      [
        'a PDB without atoms',
        'noatoms.pdb',
        Buffer.from('HEADER    TEST\nREMARK nothing here\nEND\n'),
        'invalidStructure',
        null,
      ],
      ['a truncated SDF', 'cut.sdf', benchFile('1iep', 'ligand.sdf').subarray(0, 400), 'invalidStructure', null],
    ])('%s', async (_label, name, content, key, params) => {
      Object.assign(before, await snapshot());
      const res = await importFile(t, token, projectId, name, content);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      if (params)
        expect(res.body.msg).toBe(
          messages[key as 'fileEmpty'].en.replace(/\{(\w+)\}/g, (_, k) =>
            String((params as Record<string, string>)[k]),
          ),
        );
      else expect(res.body.msg.startsWith(messages.invalidStructure.en.split('{')[0]!)).toBe(true);
      await expectUnchanged();
    });

    it('a file over the size limit is refused by the upload itself', async () => {
      Object.assign(before, await snapshot());
      const big = Buffer.alloc(6 * 1024 * 1024, 'A');
      await expect(tusUpload(await baseUrlOf(t), token, projectId, 'big.txt', big)).rejects.toThrow(/413/);
      await expectUnchanged();
    });

    it("an upload id that is not the caller's: refused, and the owner's upload is left whole", async () => {
      const other = await registerUser(t);
      const otherProject = await createProject(t, other.token, 'Other');
      const pdb = benchFile('1w1p', 'receptor.pdb');
      const { url } = await tusUpload(await baseUrlOf(t), other.token, otherProject, 'x.pdb', pdb);
      Object.assign(before, await snapshot());
      const create = (who: string, project: number) =>
        t.request<CreateFileResult>('POST', '/v1/files', {
          token: who,
          body: { name: 'x.pdb', project_id: project, file_url: uploadIdOf(url), ext: 'pdb' },
        });
      expectFailure(await create(token, projectId), 404, 'uploadNotFound');
      expect(await snapshot()).toEqual(before);
      // Its owner still makes the entry from it (which also removes the upload).
      const theirs = expectOk(await create(other.token, otherProject), 'uploadSuccessful').files[0]!;
      expect(theirs).toMatchObject({ project_id: otherProject, size: pdb.length });
      expect(await countRows(t, 'uploads')).toBe(0);
    });
  });
});

describe('file calls', () => {
  let file: ProjectFile;
  beforeAll(async () => {
    file = await importOk(t, token, projectId, 'calls.pdb', benchFile('1w1p', 'receptor.pdb'));
  });

  it('renames within 70 characters', async () => {
    const ok = await t.request<ProjectFile>('PUT', `/v1/files/${file.id}/name`, {
      token,
      body: { name: 'renamed.pdb' },
    });
    expect(expectOk(ok, 'updateSuccessful').name).toBe('renamed.pdb');
    expectFailure(
      await t.request('PUT', `/v1/files/${file.id}/name`, { token, body: { name: '   ' } }),
      400,
      'fileNameRequired',
    );
    expect(messages.fileNameRequired.en).toBe('Filename cannot be none!');
    expectFailure(
      await t.request('PUT', `/v1/files/${file.id}/name`, { token, body: { name: 'x'.repeat(71) } }),
      400,
      'fileNameTooLong',
    );
  });

  it('reads and writes content of editable types', async () => {
    const got = expectOk(await t.request<{ content: string }>('GET', `/v1/files/${file.id}/content`, { token }));
    expect(got.content).toBe(benchFile('1w1p', 'receptor.pdb').toString('utf8'));
    const edited = `REMARK edited\n${got.content}`;
    const put = await t.request<{ file: ProjectFile; replaced_id: number | null }>(
      'PUT',
      `/v1/files/${file.id}/content`,
      {
        token,
        body: { content: edited },
      },
    );
    const data = expectOk(put, 'updateSuccessful');
    expect(data.replaced_id).toBeNull();
    expect(data.file.size).toBe(Buffer.byteLength(edited));
    expect((await download(data.file)).toString('utf8')).toBe(edited);
  });

  it('lists newest first in pages with the total, sorts, and searches by name, id and type', async () => {
    const listing = await createProject(t, token, 'Listing');
    const made: ProjectFile[] = [];
    for (const name of ['alpha.pdb', 'beta.sdf', 'gamma.pdb', 'delta.sdf', 'epsilon.pdb']) {
      const content = name.endsWith('.sdf') ? benchFile('1iep', 'ligand.sdf') : benchFile('1w1p', 'receptor.pdb');
      made.push(await importOk(t, token, listing, name, content));
      t.clock.advance(SECOND);
    }
    const list = async (query: Record<string, string | number>) =>
      expectOk(await t.request<FileList>('GET', '/v1/files', { token, query: { project_id: listing, ...query } }));
    const ids = (l: FileList) => l.items.map((f) => f.id);
    const newestFirst = made.map((f) => f.id).reverse();

    const pages = await Promise.all([1, 2, 3, 4].map((page) => list({ limit: 2, page })));
    expect(pages.map(ids)).toEqual([newestFirst.slice(0, 2), newestFirst.slice(2, 4), newestFirst.slice(4), []]);
    expect(pages.map((p) => p.total)).toEqual([5, 5, 5, 5]);
    expect(ids(await list({ sort: 'asc' }))).toEqual(made.map((f) => f.id));
    expect((await list({ order_by: 'name', sort: 'asc' })).items.map((f) => f.name)).toEqual([
      'alpha.pdb',
      'beta.sdf',
      'delta.sdf',
      'epsilon.pdb',
      'gamma.pdb',
    ]);

    const gamma = made[2]!;
    expect(ids(await list({ query_item: 'GAMMA' }))).toEqual([gamma.id]);
    expect(ids(await list({ query_item: String(gamma.id) }))).toEqual([gamma.id]);
    const sdfs = await list({ file_type: 'SDF' });
    expect(sdfs).toMatchObject({ total: 2 });
    expect(ids(sdfs)).toEqual([made[3]!.id, made[1]!.id]);

    // _ and % are searched as themselves, on SQLite as on PostgreSQL.
    const pdb = benchFile('1w1p', 'receptor.pdb');
    const underscore = await importOk(t, token, listing, 'left_right.pdb', pdb);
    await importOk(t, token, listing, 'leftxright.pdb', pdb);
    expect(ids(await list({ query_item: 'left_r' }))).toEqual([underscore.id]);
    expect(ids(await list({ query_item: 'left%' }))).toEqual([]);
  });

  it('hides an entry with disable_entry but keeps the file', async () => {
    expectOk(await t.request('PUT', `/v1/files/${file.id}/disable_entry`, { token }), 'updateSuccessful');
    expect((await entries()).some((e) => e.id === file.id && e.is_file)).toBe(false);
    expectOk(await t.request('GET', `/v1/files/${file.id}`, { token }));
  });

  it('deletes the row and the stored object', async () => {
    const victim = await importOk(t, token, projectId, 'victim.pdb', benchFile('1w1p', 'receptor.pdb'));
    const row = await t.db.kysely.selectFrom('files').selectAll().where('id', '=', victim.id).executeTakeFirstOrThrow();
    expectOk(await t.request('DELETE', `/v1/files/${victim.id}`, { token }), 'deleteSuccessful');
    expect(await t.app.storage.exists(row.storage_key)).toBe(false);
    expectFailure(await t.request('GET', `/v1/files/${victim.id}`, { token }), 404, 'fileNotFound');
  });

  it('tells the viewer how to load a file', async () => {
    const res = await t.request<{ format: string; url: string }>('GET', `/v1/files/${file.id}/show_3d`, { token });
    expect(expectOk(res)).toMatchObject({ format: 'pdb', url: `/v1/files/${file.id}/download` });
  });

  it('takes the types the viewers open (CSV) through the API', async () => {
    const csv = await importOk(t, token, projectId, 'scores.csv', 'name,score\na,-7.1\nb,-6.5\n');
    expect(csv.file_type).toBe('CSV');
  });

  it('serves content only for editable types', async () => {
    const text = await importOk(t, token, projectId, 'notes.txt', 'plain text');
    expect(
      expectOk(await t.request<{ content: string }>('GET', `/v1/files/${text.id}/content`, { token })).content,
    ).toBe('plain text');
    // A 2 × 2 × 2 float32 CCP4 map: the content check wants its header (issue 9).
    const density = Buffer.alloc(1024 + 32);
    for (const [i, value] of [2, 2, 2, 2].entries()) density.writeInt32LE(value, i * 4);
    density.write('MAP ', 208, 'latin1');
    density[212] = 0x44;
    const map = await importOk(t, token, projectId, 'density.ccp4', density);
    expect(map.file_type).toBe('CCP4');
    expectFailure(await t.request('GET', `/v1/files/${map.id}/content`, { token }), 400, 'notEditable');
    expectFailure(
      await t.request('PUT', `/v1/files/${map.id}/content`, { token, body: { content: 'x' } }),
      400,
      'notEditable',
    );
  });
});
