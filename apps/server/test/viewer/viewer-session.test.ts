import { createHash } from 'node:crypto';
import { type AuthResult, VIEWER_LIMITS, type ViewerSessionSaved } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectFailure, expectOk, sharedProject } from '../support/helpers';
import { createProject, createTestApp, guestLogin, registerUser, type TestApp } from '../support/test-app';
import { asEnvelope, footprint, molx, type RawResponse, raw, viewerObjects } from './viewer-support';

/**
 * The project's viewer session default.molx (issue 12 point 5): bytes with an etag, saved
 * only against the etag the writer loaded, so two tabs never overwrite each other silently;
 * a refused or failed save leaves the stored session as it was, with no object left over.
 */

let t: TestApp;
let owner: AuthResult;
let writer: AuthResult;
let reader: AuthResult;
let stranger: AuthResult;
let guest: AuthResult;
let rw: number;
let ro: number;

beforeAll(async () => {
  // A guest may store 1 MB: the storage quota applies to sessions.
  t = await createTestApp({ guestStorageQuotaMb: 1 });
  [owner, writer, reader, stranger] = [
    await registerUser(t),
    await registerUser(t),
    await registerUser(t),
    await registerUser(t),
  ];
  guest = await guestLogin(t);
  rw = (await sharedProject(t, owner.token, 'READ_WRITE', [writer.token], 'RW12')).id;
  ro = (await sharedProject(t, owner.token, 'READ_ONLY', [reader.token], 'RO12')).id;
});
afterAll(() => t?.close());

const url = (project: number) => `/v1/projects/${project}/viewer/session`;
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const get = (token: string | undefined, project: number, headers: Record<string, string> = {}) =>
  raw(t, 'GET', url(project), { token, headers });
const head = (token: string | undefined, project: number) => raw(t, 'HEAD', url(project), { token });
const put = (
  token: string | undefined,
  project: number,
  bytes: Buffer | string,
  headers: Record<string, string> = {},
  contentType = 'application/octet-stream',
) => raw(t, 'PUT', url(project), { token, headers: { 'content-type': contentType, ...headers }, payload: bytes });
const saved = (res: RawResponse): ViewerSessionSaved => {
  const data = expectOk(asEnvelope(res), 'saveSuccessful') as ViewerSessionSaved;
  expect(res.headers.etag).toBe(`"${data.etag}"`);
  return data;
};
const etagOf = async (token: string, project: number) => {
  const res = await head(token, project);
  expect(res.status).toBe(200);
  return String(res.headers.etag);
};

describe('reading and the first save', () => {
  it('answers 404 with a clear message while there is none; the first save needs If-None-Match: *', async () => {
    const project = await createProject(t, owner.token, 'First');
    expectFailure(asEnvelope(await get(owner.token, project)), 404, 'viewerSessionNotFound');
    expect((await head(owner.token, project)).status).toBe(404);

    const bytes = molx(4096);
    expectFailure(asEnvelope(await put(owner.token, project, bytes)), 428, 'viewerSessionPreconditionRequired');
    expect(await footprint(t, project)).toMatchObject({ objects: 0 });
    const first = saved(await put(owner.token, project, bytes, { 'if-none-match': '*' }));
    expect(first).toEqual({ etag: sha(bytes), size: 4096, updated_at: t.clock.now().toISOString() });

    const res = await get(owner.token, project);
    expect(res.status).toBe(200);
    expect(res.bytes.equals(bytes)).toBe(true);
    expect(res.headers).toMatchObject({
      etag: `"${first.etag}"`,
      'last-modified': t.clock.now().toUTCString(),
      'content-type': 'application/octet-stream',
      'content-length': '4096',
      'content-disposition': 'attachment; filename="default.molx"',
    });
    const info = await head(owner.token, project);
    expect(info.status).toBe(200);
    expect(info.bytes.length).toBe(0);
    expect(info.headers).toMatchObject({ etag: `"${first.etag}"`, 'content-length': '4096' });
    // A tab holding this etag already is told so without the bytes.
    const same = await get(owner.token, project, { 'if-none-match': `"${first.etag}"` });
    expect(same.status).toBe(304);
    expect(same.bytes.length).toBe(0);

    expect(await viewerObjects(t, project)).toEqual([
      expect.stringMatching(new RegExp(`^projects/${project}/viewer/session/[0-9a-f]{32}\\.molx$`)),
    ]);
    const row = await t.db.kysely
      .selectFrom('viewer_sessions')
      .selectAll()
      .where('project_id', '=', project)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ etag: first.etag, size: 4096, updated_by: owner.user.id });
  });
});

describe('the etag protocol', () => {
  it('two tabs: the second, saving with the etag it loaded, gets 412 and the first one’s session stays', async () => {
    const project = await createProject(t, owner.token, 'Two tabs');
    const base = saved(await put(owner.token, project, molx(), { 'if-none-match': '*' }));
    const loaded = `"${base.etag}"`;

    const tabA = molx(3000);
    const a = saved(await put(owner.token, project, tabA, { 'if-match': loaded }));
    expect(a.etag).toBe(sha(tabA));
    const tabB = molx(3001);
    expectFailure(asEnvelope(await put(owner.token, project, tabB, { 'if-match': loaded })), 412, 'viewerSessionStale');

    expect((await get(owner.token, project)).bytes.equals(tabA)).toBe(true);
    expect(await viewerObjects(t, project)).toHaveLength(1);
    // Having loaded the newer session, tab B saves.
    const b = saved(await put(owner.token, project, tabB, { 'if-match': await etagOf(owner.token, project) }));
    expect(b.etag).toBe(sha(tabB));
    expect(await viewerObjects(t, project)).toHaveLength(1);
  });

  it('two saves at the same moment from the same etag: one wins, the other is 412, one object is left', async () => {
    const project = await createProject(t, owner.token, 'Race');
    const base = saved(await put(owner.token, project, molx(), { 'if-none-match': '*' }));
    const [x, y] = [molx(5000), molx(5001)];
    const results = await Promise.all([
      put(owner.token, project, x, { 'if-match': `"${base.etag}"` }),
      put(owner.token, project, y, { 'if-match': `"${base.etag}"` }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 412]);
    const winner = results[0]!.status === 200 ? x : y;
    expect((await get(owner.token, project)).bytes.equals(winner)).toBe(true);
    expect(await viewerObjects(t, project)).toHaveLength(1);
  });

  it('refuses a save without If-Match once one exists (428), and a second first save (412)', async () => {
    const project = await createProject(t, owner.token, 'Precond');
    const first = molx();
    saved(await put(owner.token, project, first, { 'if-none-match': '*' }));
    expectFailure(asEnvelope(await put(owner.token, project, molx())), 428, 'viewerSessionPreconditionRequired');
    expectFailure(
      asEnvelope(await put(owner.token, project, molx(), { 'if-none-match': '*' })),
      412,
      'viewerSessionStale',
    );
    expectFailure(
      asEnvelope(await put(owner.token, project, molx(), { 'if-match': '"0123"' })),
      412,
      'viewerSessionStale',
    );
    expect((await get(owner.token, project)).bytes.equals(first)).toBe(true);
    // Unquoted and weak forms of the current etag are the same tag.
    saved(await put(owner.token, project, molx(), { 'if-match': `W/"${sha(first)}"` }));
    expect(await viewerObjects(t, project)).toHaveLength(1);
  });
});

describe('a refused or failed save leaves the session as it was', () => {
  let project: number;
  let stored: Buffer;
  let etag: string;
  beforeAll(async () => {
    project = await createProject(t, owner.token, 'Intact');
    stored = molx(8192);
    etag = saved(await put(owner.token, project, stored, { 'if-none-match': '*' })).etag;
  });
  const intact = async () => {
    const res = await get(owner.token, project);
    expect(res.bytes.equals(stored)).toBe(true);
    expect(res.headers.etag).toBe(`"${etag}"`);
    expect(await viewerObjects(t, project)).toHaveLength(1);
  };

  it('a storage failure while writing: 500, the old session intact, nothing left over', async () => {
    const spy = vi.spyOn(t.app.storage, 'put').mockRejectedValueOnce(new Error('disk full'));
    try {
      expectFailure(asEnvelope(await put(owner.token, project, molx(), { 'if-match': etag })), 500, 'internalError');
    } finally {
      spy.mockRestore();
    }
    await intact();
  });

  it('a failure deleting the replaced object after the swap: the new session is served', async () => {
    const spy = vi.spyOn(t.app.storage, 'delete').mockRejectedValueOnce(new Error('network'));
    const next = molx(8193);
    try {
      etag = saved(await put(owner.token, project, next, { 'if-match': etag })).etag;
    } finally {
      spy.mockRestore();
    }
    expect((await get(owner.token, project)).bytes.equals(next)).toBe(true);
    // The replaced object could not be deleted (logged); put it away so the other tests count one.
    const objects = await viewerObjects(t, project);
    const row = await t.db.kysely
      .selectFrom('viewer_sessions')
      .selectAll()
      .where('project_id', '=', project)
      .executeTakeFirstOrThrow();
    for (const key of objects) if (key !== row.storage_key) await t.app.storage.delete(key);
    stored = next;
  });

  it('not a zip, empty, another content type, over 100 MB: a clear 4xx and the session intact', async () => {
    expectFailure(
      asEnvelope(await put(owner.token, project, Buffer.from('{"not":"a zip"}'), { 'if-match': etag })),
      400,
      'viewerSessionNotZip',
    );
    expectFailure(
      asEnvelope(await put(owner.token, project, Buffer.alloc(0), { 'if-match': etag })),
      400,
      'viewerSessionNotZip',
    );
    expectFailure(
      asEnvelope(await put(owner.token, project, '{"a":1}', { 'if-match': etag }, 'application/json')),
      415,
      'viewerSessionContentType',
    );
    expectFailure(
      asEnvelope(await put(owner.token, project, 'PK', { 'if-match': etag }, 'text/plain')),
      415,
      'viewerSessionContentType',
    );
    const huge = Buffer.alloc(VIEWER_LIMITS.sessionBytesMax + 1);
    huge.write('PK\x03\x04', 'latin1');
    expectFailure(
      asEnvelope(await put(owner.token, project, huge, { 'if-match': etag })),
      413,
      'viewerSessionTooLarge',
      {
        params: { max: '100 MB' },
      },
    );
    await intact();
  });

  it('a zip is also accepted as application/zip', async () => {
    const next = molx(100);
    etag = saved(await put(owner.token, project, next, { 'if-match': etag }, 'application/zip')).etag;
    stored = next;
    await intact();
  });
});

describe('who may call what', () => {
  it('owner and READ_WRITE member read and save; READ_ONLY reads only; strangers, guests and no token nothing', async () => {
    const first = saved(await put(owner.token, rw, molx(), { 'if-none-match': '*' }));
    const byWriter = saved(await put(writer.token, rw, molx(), { 'if-match': first.etag }));
    expect((await get(writer.token, rw)).status).toBe(200);
    expect((await get(owner.token, rw)).headers.etag).toBe(`"${byWriter.etag}"`);
    const row = await t.db.kysely
      .selectFrom('viewer_sessions')
      .selectAll()
      .where('project_id', '=', rw)
      .executeTakeFirstOrThrow();
    expect(row.updated_by).toBe(writer.user.id);

    const roSession = molx();
    const roEtag = saved(await put(owner.token, ro, roSession, { 'if-none-match': '*' })).etag;
    const read = await get(reader.token, ro);
    expect(read.status).toBe(200);
    expect(read.bytes.equals(roSession)).toBe(true);
    expect((await head(reader.token, ro)).status).toBe(200);
    expectFailure(asEnvelope(await put(reader.token, ro, molx(), { 'if-match': roEtag })), 403, 'readOnlyProject');

    for (const token of [stranger.token, guest.token]) {
      expectFailure(asEnvelope(await get(token, rw)), 404, 'projectNotFound');
      expect((await head(token, rw)).status).toBe(404);
      expectFailure(asEnvelope(await put(token, rw, molx(), { 'if-match': byWriter.etag })), 404, 'projectNotFound');
    }
    expectFailure(asEnvelope(await get(writer.token, ro)), 404, 'projectNotFound');
    expectFailure(asEnvelope(await get(undefined, rw)), 401, 'sessionExpired');
    expect((await head(undefined, rw)).status).toBe(401);
    expectFailure(asEnvelope(await put(undefined, rw, molx(), { 'if-match': byWriter.etag })), 401, 'sessionExpired');
    expectFailure(asEnvelope(await get(owner.token, 999_999)), 404, 'projectNotFound');

    expect((await get(owner.token, rw)).headers.etag).toBe(`"${byWriter.etag}"`);
    expect((await get(owner.token, ro)).bytes.equals(roSession)).toBe(true);
    expect(await viewerObjects(t, rw)).toHaveLength(1);
    expect(await viewerObjects(t, ro)).toHaveLength(1);
  });

  it('a session counts against the project owner’s storage quota when it is saved', async () => {
    const project = await createProject(t, guest.token, 'Guest quota');
    const res = await put(guest.token, project, molx(2 * 1024 * 1024), { 'if-none-match': '*' });
    expect(res.status).toBe(413);
    expect(asEnvelope(res).body.success).toBe(false);
    expect(await footprint(t, project)).toMatchObject({ objects: 0 });
    expect(
      await t.db.kysely.selectFrom('viewer_sessions').selectAll().where('project_id', '=', project).execute(),
    ).toEqual([]);
    saved(await put(guest.token, project, molx(100 * 1024), { 'if-none-match': '*' }));
  });
});
