import { type AuthResult, type RemoteStateEntry, translate, VIEWER_LIMITS } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../src/lib/secrets';
import { countRows, DAY, expectFailure, expectOk, sharedProject } from '../support/helpers';
import { createProject, createTestApp, guestLogin, registerUser, type TestApp } from '../support/test-app';
import {
  asEnvelope,
  expectRawOk,
  footprint,
  type RawResponse,
  raw,
  snapshot,
  stateServer,
  upload,
  viewerObjects,
} from './viewer-support';

/**
 * Mol*'s remote state protocol served per project (issue 12 point 4): the address issued
 * through the envelope API, then Mol*'s own calls on it (list, get, remove, set) answered as
 * Mol*'s plugin-state server answers them. Rights are the project's, checked on every call;
 * every refusal leaves no row and no object.
 */

let t: TestApp;
let owner: AuthResult;
let writer: AuthResult;
let reader: AuthResult;
let stranger: AuthResult;
let guest: AuthResult;
/** Shared READ_WRITE with `writer`. */
let rw: number;
/** Shared READ_ONLY with `reader`. */
let ro: number;

beforeAll(async () => {
  t = await createTestApp();
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

const list = async (path: string) => {
  const res = await raw(t, 'GET', `${path}/list`);
  expect(res.status, res.text).toBe(200);
  return JSON.parse(res.text) as RemoteStateEntry[];
};
const uploaded = (res: RawResponse) => {
  expect(res.status, res.text).toBe(200);
  return JSON.parse(res.text) as RemoteStateEntry;
};

describe('the address (POST /v1/projects/{id}/viewer/state_server)', () => {
  it('gives the owner and members an address under /v1/viewer/states; strangers, guests and no token get nothing', async () => {
    const mine = await stateServer(t, owner.token, rw);
    expect(mine.server_url).toMatch(new RegExp(`^http://[^/]+/v1/viewer/states/${rw}/[A-Za-z0-9_-]{43}$`));
    expect(mine.can_write).toBe(true);
    expect(mine.expires_at).toBe(new Date(t.clock.now().getTime() + VIEWER_LIMITS.stateKeyDays * DAY).toISOString());
    expect((await stateServer(t, writer.token, rw)).can_write).toBe(true);
    expect((await stateServer(t, reader.token, ro)).can_write).toBe(false);

    const issue = (token: string | undefined, id: number) =>
      t.request('POST', `/v1/projects/${id}/viewer/state_server`, { token });
    expectFailure(await issue(stranger.token, rw), 404, 'projectNotFound');
    expectFailure(await issue(guest.token, rw), 404, 'projectNotFound');
    expectFailure(await issue(writer.token, ro), 404, 'projectNotFound');
    expectFailure(await issue(undefined, rw), 401, 'sessionExpired');
    expectFailure(await issue(owner.token, 999_999), 404, 'projectNotFound');
  });

  it('stores only the SHA-256 of the key, and keeps the newest five addresses per user and project', async () => {
    const project = await createProject(t, owner.token, 'Keys');
    const servers = [];
    for (let i = 0; i < VIEWER_LIMITS.stateKeysPerUser + 1; i++)
      servers.push(await stateServer(t, owner.token, project));
    const rows = await t.db.kysely
      .selectFrom('viewer_state_keys')
      .selectAll()
      .where('project_id', '=', project)
      .execute();
    expect(rows).toHaveLength(VIEWER_LIMITS.stateKeysPerUser);
    const keys = servers.map((s) => s.path.split('/').pop()!);
    expect(rows.map((r) => r.key_hash).sort()).toEqual(keys.slice(1).map(sha256).sort());
    expect(rows.some((r) => keys.includes(r.key_hash))).toBe(false);
    expectFailure(asEnvelope(await raw(t, 'GET', `${servers[0]!.path}/list`)), 404, 'viewerStateKeyInvalid');
    for (const server of servers.slice(1)) expect(await list(server.path)).toEqual([]);
  });
});

describe("Mol*'s protocol", () => {
  it('set, list, get and remove as Mol*’s client calls them; the state is an object under the project', async () => {
    const project = await createProject(t, owner.token, 'Molstar');
    const { path } = await stateServer(t, owner.token, project);
    const body = snapshot({ playOnLoad: true });
    const entry = uploaded(await upload(t, path, { name: 'Pocket view', description: 'site 1' }, body));
    expect(entry).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Pocket view',
      description: 'site 1',
      timestamp: t.clock.now().getTime(),
      isSticky: false,
      playOnLoad: true,
    });
    expect(await list(path)).toEqual([entry]);
    expect(await viewerObjects(t, project)).toEqual([`projects/${project}/viewer/states/${entry.id}.json`]);

    // Mol*'s Fetch reads json.data; opening the address as a .molj file reads the same wrapper.
    const got = await raw(t, 'GET', `${path}/get/${entry.id}`);
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(got.text)).toEqual({ id: entry.id, name: 'Pocket view', description: 'site 1', data: body });

    // Mol*'s server lowercases the id it removes; the answer is an empty 200.
    const removed = await raw(t, 'GET', `${path}/remove/${entry.id.toUpperCase()}`);
    expectRawOk(removed);
    expect(await list(path)).toEqual([]);
    expect(await footprint(t, project)).toMatchObject({ objects: 0 });
    expect(
      await t.db.kysely.selectFrom('viewer_states').where('project_id', '=', project).selectAll().execute(),
    ).toEqual([]);
  });

  it('names an unnamed state by the time as Mol*’s server does; playOnLoad from the query overrides the body', async () => {
    const project = await createProject(t, owner.token, 'Names');
    const { path } = await stateServer(t, owner.token, project);
    const unnamed = uploaded(await upload(t, path, { name: '', description: '' }, snapshot()));
    expect(unnamed).toMatchObject({ name: t.clock.now().toUTCString(), description: '', playOnLoad: false });
    const played = uploaded(await upload(t, path, { name: 'Tour', playOnLoad: 'true' }, snapshot()));
    expect(played.playOnLoad).toBe(true);
    const got = JSON.parse((await raw(t, 'GET', `${path}/get/${played.id}`)).text);
    expect(got.data.playback).toEqual({ isPlaying: true, nextSnapshotDelayInMs: 1500 });
    // 30 characters is the limit, counted as characters, not bytes.
    const chinese = '蛋白质口袋视图'.repeat(4).slice(0, 30);
    expect(uploaded(await upload(t, path, { name: chinese }, snapshot())).name).toBe(chinese);
    expect((await list(path)).map((e) => e.id)).toEqual([unnamed.id, played.id, expect.any(String)]);
  });
});

describe('who may call what', () => {
  it('owner and READ_WRITE member list, get, set and remove; READ_ONLY lists and gets only', async () => {
    const ownerServer = await stateServer(t, owner.token, rw);
    const writerServer = await stateServer(t, writer.token, rw);
    const a = uploaded(await upload(t, ownerServer.path, { name: 'By owner' }, snapshot()));
    const b = uploaded(await upload(t, writerServer.path, { name: 'By writer' }, snapshot()));
    expect((await list(ownerServer.path)).map((e) => e.name)).toEqual(['By owner', 'By writer']);
    expect((await list(writerServer.path)).map((e) => e.id)).toEqual([a.id, b.id]);
    expect((await raw(t, 'GET', `${writerServer.path}/get/${a.id}`)).status).toBe(200);
    expectRawOk(await raw(t, 'GET', `${writerServer.path}/remove/${a.id}`));
    expectRawOk(await raw(t, 'GET', `${ownerServer.path}/remove/${b.id}`));
    expect(await list(ownerServer.path)).toEqual([]);

    const ownerRo = await stateServer(t, owner.token, ro);
    const kept = uploaded(await upload(t, ownerRo.path, { name: 'Shown to readers' }, snapshot()));
    const readerServer = await stateServer(t, reader.token, ro);
    expect(await list(readerServer.path)).toEqual([kept]);
    expect((await raw(t, 'GET', `${readerServer.path}/get/${kept.id}`)).status).toBe(200);
    const before = await footprint(t, ro);
    expectFailure(asEnvelope(await upload(t, readerServer.path, { name: 'No' }, snapshot())), 403, 'readOnlyProject');
    expectFailure(asEnvelope(await raw(t, 'GET', `${readerServer.path}/remove/${kept.id}`)), 403, 'readOnlyProject');
    expect(await footprint(t, ro)).toEqual(before);
    expect(await list(ownerRo.path)).toEqual([kept]);
  });

  it('a wrong key, a key of another project, no key, or a token instead of a key: 404 and nothing done', async () => {
    const { path } = await stateServer(t, owner.token, rw);
    const entry = uploaded(await upload(t, path, { name: 'Guarded' }, snapshot()));
    const wrong = `/v1/viewer/states/${rw}/${'A'.repeat(43)}`;
    const before = await footprint(t, rw);
    for (const res of [
      await raw(t, 'GET', `${wrong}/list`),
      await raw(t, 'GET', `${wrong}/get/${entry.id}`),
      await raw(t, 'GET', `${wrong}/remove/${entry.id}`),
      await upload(t, wrong, { name: 'x' }, snapshot()),
      // The owner's token does not stand in for the key.
      await raw(t, 'GET', `${wrong}/list`, { token: owner.token }),
      // A key of the READ_ONLY project names nothing in this one.
      await raw(t, 'GET', `${(await stateServer(t, reader.token, ro)).path.replace(`/${ro}/`, `/${rw}/`)}/list`),
    ]) {
      expectFailure(asEnvelope(res), 404, 'viewerStateKeyInvalid');
    }
    expectFailure(asEnvelope(await raw(t, 'GET', `/v1/viewer/states/${rw}/list`)), 404, 'notFound');
    expectFailure(asEnvelope(await raw(t, 'GET', `/v1/viewer/states/abc/${'A'.repeat(43)}/list`)), 404, 'notFound');
    expect(await footprint(t, rw)).toEqual(before);
    expectRawOk(await raw(t, 'GET', `${path}/remove/${entry.id}`));
  });
});

describe('revoking: rights are checked on every call', () => {
  it('a member’s key stops when sharing is turned off, and does not come back when it is turned on again', async () => {
    const { id } = await sharedProject(t, owner.token, 'READ_WRITE', [writer.token], 'OFF1', 'Revoke');
    const { path } = await stateServer(t, writer.token, id);
    const ownerPath = (await stateServer(t, owner.token, id)).path;
    const entry = uploaded(await upload(t, ownerPath, { name: 'Before' }, snapshot()));
    expect(await list(path)).toEqual([entry]);

    expectOk(
      await t.request('PUT', `/v1/projects/${id}/share`, { token: owner.token, body: { is_shared: false } }),
      'applySuccessful',
    );
    expectFailure(asEnvelope(await raw(t, 'GET', `${path}/list`)), 404, 'viewerStateKeyInvalid');
    expectFailure(asEnvelope(await raw(t, 'GET', `${path}/get/${entry.id}`)), 404, 'viewerStateKeyInvalid');
    expect(await list(ownerPath)).toEqual([entry]);

    const url = await t.request<{ url: string }>('POST', `/v1/projects/${id}/share_url`, { token: owner.token });
    expectOk(
      await t.request('PUT', `/v1/projects/${id}/share`, {
        token: owner.token,
        body: { is_shared: true, share_code: 'OFF1', share_type: 'READ_WRITE', share_url: url.body.data.url },
      }),
      'applySuccessful',
    );
    // The member is a member again, but the old address was revoked: a new one works.
    expectFailure(asEnvelope(await raw(t, 'GET', `${path}/list`)), 404, 'viewerStateKeyInvalid');
    expect(await list((await stateServer(t, writer.token, id)).path)).toEqual([entry]);
  });

  it('a member who leaves loses the address; a share turned READ_ONLY stops its writes at once', async () => {
    const { id } = await sharedProject(t, owner.token, 'READ_WRITE', [writer.token, reader.token], 'LV12', 'Leave');
    const writerPath = (await stateServer(t, writer.token, id)).path;
    const readerPath = (await stateServer(t, reader.token, id)).path;
    uploaded(await upload(t, readerPath, { name: 'While RW' }, snapshot()));

    await t.db.kysely
      .deleteFrom('project_members')
      .where('project_id', '=', id)
      .where('user_id', '=', reader.user.id)
      .execute();
    expectFailure(asEnvelope(await raw(t, 'GET', `${readerPath}/list`)), 404, 'viewerStateKeyInvalid');

    const url = await t.request<{ url: string }>('POST', `/v1/projects/${id}/share_url`, { token: owner.token });
    expectOk(
      await t.request('PUT', `/v1/projects/${id}/share`, {
        token: owner.token,
        body: { is_shared: true, share_code: 'LV12', share_type: 'READ_ONLY', share_url: url.body.data.url },
      }),
      'applySuccessful',
    );
    const before = await footprint(t, id);
    expectFailure(asEnvelope(await upload(t, writerPath, { name: 'Now RO' }, snapshot())), 403, 'readOnlyProject');
    expect(await footprint(t, id)).toEqual(before);
    expect((await list(writerPath)).map((e) => e.name)).toEqual(['While RW']);
  });

  it('a project in the recycle bin answers no address, the owner’s included', async () => {
    const project = await createProject(t, owner.token, 'Recycled');
    const { path } = await stateServer(t, owner.token, project);
    expectOk(
      await t.request('POST', `/v1/projects/${project}/add_to_recycle`, { token: owner.token }),
      'deleteSuccessful',
    );
    expectFailure(asEnvelope(await raw(t, 'GET', `${path}/list`)), 404, 'viewerStateKeyInvalid');
  });
});

describe('bad input: a clear 4xx and nothing half-written', () => {
  let project: number;
  let path: string;
  beforeAll(async () => {
    project = await createProject(t, owner.token, 'Bad input');
    path = (await stateServer(t, owner.token, project)).path;
  });

  it('refuses a name over 30 characters, a long description, bad JSON, JSON that is no snapshot, another type', async () => {
    const before = await footprint(t, project);
    expectFailure(
      asEnvelope(await upload(t, path, { name: 'n'.repeat(31) }, snapshot())),
      400,
      'viewerStateNameTooLong',
      {
        params: { max: 30 },
      },
    );
    expectFailure(
      asEnvelope(await upload(t, path, { name: 'ok', description: 'd'.repeat(101) }, snapshot())),
      400,
      'viewerStateDescriptionTooLong',
      { params: { max: 100 } },
    );
    expectFailure(
      asEnvelope(await upload(t, path, { name: 'ok' }, '{"timestamp": 1, "entries": [')),
      400,
      'requestBodyNotJson',
    );
    for (const body of [{ hello: 'world' }, [1, 2], { timestamp: 'today', entries: [] }, { timestamp: 1 }, 'null']) {
      expectFailure(asEnvelope(await upload(t, path, { name: 'ok' }, body)), 400, 'viewerStateInvalid');
    }
    // text/plain is read as text, which is no snapshot; a type nothing reads is refused as such.
    expectFailure(
      asEnvelope(await upload(t, path, { name: 'ok' }, snapshot(), 'text/plain')),
      400,
      'viewerStateInvalid',
    );
    expectFailure(
      asEnvelope(await upload(t, path, { name: 'ok' }, '<x/>', 'application/xml')),
      415,
      'requestContentType',
    );
    expect(await footprint(t, project)).toEqual(before);
    expect(await list(path)).toEqual([]);
  });

  it('refuses a state over 50 MB with the limit named', async () => {
    const before = await footprint(t, project);
    const res = await upload(t, path, { name: 'Huge' }, snapshot({ pad: VIEWER_LIMITS.stateBytesMax }));
    expectFailure(asEnvelope(res), 413, 'viewerStateTooLarge', { params: { max: '50 MB' } });
    expect(await footprint(t, project)).toEqual(before);
    // Just under the limit is stored.
    const big = uploaded(await upload(t, path, { name: 'Big' }, snapshot({ pad: VIEWER_LIMITS.stateBytesMax - 4096 })));
    expectRawOk(await raw(t, 'GET', `${path}/remove/${big.id}`));
  });

  it('answers Remote state not found for an unknown id, on get and remove', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expectFailure(asEnvelope(await raw(t, 'GET', `${path}/get/${unknown}`)), 404, 'viewerStateNotFound');
    expectFailure(asEnvelope(await raw(t, 'GET', `${path}/remove/${unknown}`)), 404, 'viewerStateNotFound');
    expectFailure(asEnvelope(await raw(t, 'GET', `${path}/get/..%2F..%2Fx`)), 404, 'viewerStateNotFound');
  });

  it('holds at most 200 states per project; a removal makes room', async () => {
    const full = await createProject(t, owner.token, 'Full');
    const { path: fullPath } = await stateServer(t, owner.token, full);
    const rowsBefore = await countRows(t, 'viewer_states');
    const ids: string[] = [];
    for (let i = 0; i < VIEWER_LIMITS.statesPerProjectMax; i++) {
      ids.push(uploaded(await upload(t, fullPath, { name: `State ${i}` }, snapshot())).id);
    }
    expectFailure(
      asEnvelope(await upload(t, fullPath, { name: 'One too many' }, snapshot())),
      409,
      'viewerStatesFull',
      {
        params: { max: 200 },
      },
    );
    expect(await countRows(t, 'viewer_states')).toBe(rowsBefore + 200);
    expect(await viewerObjects(t, full)).toHaveLength(200);
    expect(translate('viewerStatesFull', 'zh-CN', { max: 200 })).toContain('200');

    expectRawOk(await raw(t, 'GET', `${fullPath}/remove/${ids[0]}`));
    uploaded(await upload(t, fullPath, { name: 'Room again' }, snapshot()));
    expect(await viewerObjects(t, full)).toHaveLength(200);
  });
});
