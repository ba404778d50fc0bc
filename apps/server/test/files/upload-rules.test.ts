import { type CreateFileResult, translate } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sniffContent } from '../../src/modules/files/content-sniff';
import { countRows, expectFailure, expectOk, sharedProject } from '../support/helpers';
import { createProject, createTestApp, registerUser, type TestApp } from '../support/test-app';
import {
  baseUrlOf,
  importFile,
  importOk,
  partialUpload,
  tusUpload,
  uploadIdOf,
  uploadOffset,
} from '../support/uploads';

/**
 * Issue 9's upload findings: a POST /v1/files before the upload is complete must leave it
 * resumable; tus answers 404 for uploads and projects the caller cannot see (like the rest
 * of the API); and a file's bytes must be of the type its name declares.
 */

let t: TestApp;
let token: string;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp({ maxUploadMb: 5 });
  ({ token } = await registerUser(t));
  projectId = await createProject(t, token, 'Uploads');
});
afterAll(() => t?.close());

const tus = (token?: string) => ({ ...(token ? { token } : {}), 'Tus-Resumable': '1.0.0' });
const b64 = (v: string) => Buffer.from(v).toString('base64');
const register = (who: string, uploadId: string, name: string, project = projectId) =>
  t.request<CreateFileResult>('POST', '/v1/files', {
    token: who,
    body: { name, project_id: project, file_url: uploadId, ext: name.split('.').pop() },
  });

describe('POST /v1/files before the upload is complete', () => {
  it('is refused (409) and leaves the upload resumable; finished, it registers', async () => {
    const base = await baseUrlOf(t);
    const content = Buffer.from(Array.from({ length: 150_000 }, (_, i) => 0x41 + (i % 26)));
    const url = await partialUpload(base, token, projectId, 'early.txt', content, 40_000);
    const id = uploadIdOf(url);
    const files = await countRows(t, 'files');

    const early = await register(token, id, 'early.txt');
    expectFailure(early, 409, 'uploadIncomplete', { params: { name: 'early.txt', received: 40_000, size: 150_000 } });
    expect(early.body.msg).toBe(
      'The upload of early.txt is not finished (40000 of 150000 bytes received). Resume it, then try again.',
    );
    // Untouched: its record, its bytes and its offset are all still there.
    expect(await countRows(t, 'uploads')).toBe(1);
    expect(await uploadOffset(url, token)).toBe(40_000);
    expect(await countRows(t, 'files')).toBe(files);
    // Asking again changes nothing either.
    expect((await register(token, id, 'early.txt')).status).toBe(409);
    expect(await uploadOffset(url, token)).toBe(40_000);

    const resumed = await tusUpload(base, token, projectId, 'early.txt', content, { uploadUrl: url });
    expect(resumed.url).toBe(url);
    const created = expectOk(await register(token, id, 'early.txt'), 'uploadSuccessful');
    expect(created.files[0]).toMatchObject({ name: 'early.txt', size: content.length });
    expect(await countRows(t, 'uploads')).toBe(0);
  });
});

describe('tus answers 404 for what the caller cannot see', () => {
  it('creating an upload into a stranger project or one that does not exist: 404; read-only member: 403', async () => {
    const base = await baseUrlOf(t);
    const stranger = await registerUser(t);
    const reader = await registerUser(t);
    const { id: readOnly } = await sharedProject(t, token, 'READ_ONLY', [reader.token], 'RD12', 'RO');
    const create = async (who: string, project: number, lang?: string) => {
      const res = await fetch(`${base}/v1/uploads`, {
        method: 'POST',
        headers: {
          ...tus(who),
          ...(lang ? { 'accept-language': lang } : {}),
          'Upload-Length': '10',
          'Upload-Metadata': `filename ${b64('a.txt')},project_id ${b64(String(project))}`,
        },
      });
      return { status: res.status, body: await res.json() };
    };
    const envelope = (key: 'projectNotFound' | 'readOnlyProject', lang: 'en' | 'zh-CN' = 'en') => ({
      success: false,
      msg: translate(key, lang),
      data: null,
    });
    expect(await create(stranger.token, projectId)).toEqual({ status: 404, body: envelope('projectNotFound') });
    expect(await create(stranger.token, 987_654)).toEqual({ status: 404, body: envelope('projectNotFound') });
    expect(await create(stranger.token, projectId, 'zh-CN')).toEqual({
      status: 404,
      body: envelope('projectNotFound', 'zh-CN'),
    });
    expect(await create(reader.token, readOnly)).toEqual({ status: 403, body: envelope('readOnlyProject') });
    await expect(tusUpload(base, stranger.token, projectId, 'a.pdb', Buffer.from('x'))).rejects.toThrow(/404/);
    expect(await countRows(t, 'uploads')).toBe(0);
  });

  it("HEAD, PATCH and DELETE on someone else's upload or one that does not exist: 404, the upload left whole", async () => {
    const base = await baseUrlOf(t);
    const stranger = await registerUser(t);
    const content = Buffer.alloc(5000, 'q');
    const url = await partialUpload(base, token, projectId, 'mine.txt', content, 1000);
    const missing = `${base}/v1/uploads/up${'0'.repeat(32)}`;
    const malformed = `${base}/v1/uploads/not-an-upload`;
    for (const target of [url, missing, malformed]) {
      const head = await fetch(target, { method: 'HEAD', headers: tus(stranger.token) });
      const patch = await fetch(target, {
        method: 'PATCH',
        headers: { ...tus(stranger.token), 'Upload-Offset': '1000', 'Content-Type': 'application/offset+octet-stream' },
        body: Buffer.alloc(10, 'z'),
      });
      const del = await fetch(target, { method: 'DELETE', headers: tus(stranger.token) });
      expect([head.status, patch.status, del.status], target).toEqual([404, 404, 404]);
    }
    const patch = await fetch(url, {
      method: 'PATCH',
      headers: { ...tus(stranger.token), 'Upload-Offset': '1000', 'Content-Type': 'application/offset+octet-stream' },
      body: Buffer.alloc(10, 'z'),
    });
    expect(await patch.json()).toEqual({ success: false, msg: translate('uploadNotFound', 'en'), data: null });
    // Its owner still has it, unchanged, and finishes it.
    expect(await uploadOffset(url, token)).toBe(1000);
    await tusUpload(base, token, projectId, 'mine.txt', content, { uploadUrl: url });
    expectOk(await register(token, uploadIdOf(url), 'mine.txt'), 'uploadSuccessful');
  });
});

/** A minimal valid CCP4/MRC map: a 2 × 2 × 2 float32 grid, little-endian. */
function ccp4Map(): Buffer {
  const map = Buffer.alloc(1024 + 8 * 4);
  for (const [i, value] of [2, 2, 2, 2].entries()) map.writeInt32LE(value, i * 4);
  map.write('MAP ', 208, 'latin1');
  map[212] = 0x44;
  map[213] = 0x41;
  return map;
}

describe('a file must be of the type its name declares', () => {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
  const noise = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 131 + 7) % 256));

  const snapshot = async () => ({
    files: await countRows(t, 'files'),
    uploads: await countRows(t, 'uploads'),
    objects: (await t.app.storage.list(`projects/${projectId}`)).length,
    uploadObjects: (await t.app.storage.list('')).filter((k) => k.startsWith('up')).length,
  });

  it.each([
    ['random bytes named .png', 'noise.png', noise],
    ['a JPEG named .png', 'photo.png', jpeg],
    ['random bytes named .jpg', 'noise.jpg', noise],
    ['a PNG named .jpeg', 'image.jpeg', png],
    ['random bytes named .gif', 'noise.gif', noise],
    ['random bytes named .webp', 'noise.webp', noise],
    ['random bytes named .bmp', 'noise.bmp', noise],
    ['random bytes named .tif', 'noise.tif', noise],
    ['random bytes named .tiff', 'noise.tiff', noise],
    ['random bytes named .ccp4', 'density.ccp4', noise],
    ['a map without its MAP stamp', 'nostamp.ccp4', Buffer.concat([ccp4Map().subarray(0, 208), Buffer.alloc(856)])],
    ['random bytes named .csv', 'noise.csv', noise],
    ['a CSV with ragged rows', 'ragged.csv', Buffer.from('name,score\na,-7.1,extra\n')],
    ['JSON that does not parse', 'broken.json', Buffer.from('{"a": [1, 2}')],
    ['random bytes named .json', 'noise.json', noise],
    ['random bytes named .txt', 'noise.txt', noise],
    ['random bytes named .gro', 'noise.gro', noise],
    ['random bytes named .html', 'noise.html', noise],
    ['text with NUL bytes named .mdp', 'run.mdp', Buffer.from('integrator = md\n\0\0\0\0nsteps = 10\n')],
  ])('%s: 400 naming the file and the expected type; nothing is left', async (_label, name, content) => {
    const ext = name.split('.').pop()!;
    const sniffed = sniffContent(ext, content);
    if (sniffed.ok) throw new Error(`${name} passes the content check`);
    const before = await snapshot();
    const res = await importFile(t, token, projectId, name, content);
    expectFailure(res, 400, 'contentMismatch', {
      params: { name, expected: sniffed.expected, detail: sniffed.detail },
    });
    expect(res.body.msg.startsWith(`${name} is not a valid ${sniffed.expected} file: `)).toBe(true);
    expect(await snapshot()).toEqual(before);
  });

  it('a zip holding a mismatched file is refused whole', async () => {
    const { makeZip } = await import('../../src/lib/zip-writer');
    const zip = makeZip([
      { name: 'ok.txt', content: Buffer.from('fine') },
      { name: 'bad.png', content: Buffer.from('not a png at all') },
    ]);
    const before = await snapshot();
    const res = await importFile(t, token, projectId, 'set.zip', zip);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(
      translate('contentMismatch', 'en', {
        name: 'bad.png',
        expected: 'PNG image',
        detail: 'it does not start with the PNG image signature',
      }),
    );
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['a PNG', 'ok.png', png, 'PNG'],
    ['a JPEG', 'ok.jpg', jpeg, 'JPG'],
    ['a GIF', 'ok.gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00'), 'GIF'],
    ['a CCP4 map', 'ok.ccp4', ccp4Map(), 'CCP4'],
    ['a CSV', 'ok.csv', Buffer.from('name,"note, quoted"\na,b\n'), 'CSV'],
    ['JSON', 'ok.json', Buffer.from('{"rows": [1, 2, 3]}'), 'JSON'],
  ])('%s of the right type is accepted', async (_label, name, content, fileType) => {
    const file = await importOk(t, token, projectId, name, content);
    expect(file).toMatchObject({ name, file_type: fileType, size: content.length });
  });
});
