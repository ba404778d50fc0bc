import {
  type AuthResult,
  JOIN_POLICY,
  LIMITS,
  type MessageKey,
  type Project,
  type ProjectDetail,
  type SharedProjectInfo,
  type ShareSettings,
} from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countRows,
  expectFailure,
  expectOk,
  listProjects,
  MINUTE,
  memberIds,
  projectRow,
  SECOND,
  sharedProject,
} from './support/helpers';
import { createProject, createTestApp, guestLogin, registerUser, shareProject, type TestApp } from './support/test-app';

let t: TestApp;
/** Registered users reused across the file; each test makes its own projects. */
let owner: AuthResult;
let member: AuthResult;
let stranger: AuthResult;

beforeAll(async () => {
  t = await createTestApp();
  [owner, member, stranger] = [await registerUser(t), await registerUser(t), await registerUser(t)];
});
afterAll(() => t?.close());

const get = (token: string, id: number) => t.request<ProjectDetail>('GET', `/v1/projects/${id}`, { token });
const rename = (token: string, id: number, body: unknown) =>
  t.request<Project>('PUT', `/v1/projects/${id}/name`, { token, body });
const recycle = (token: string, id: number) => t.request('POST', `/v1/projects/${id}/add_to_recycle`, { token });
const restore = (token: string, id: number) => t.request<Project>('POST', `/v1/projects/${id}/restore`, { token });
const getShare = (token: string, id: number) => t.request<ShareSettings>('GET', `/v1/projects/${id}/share`, { token });
const putShare = (token: string, id: number, body: unknown) =>
  t.request<ShareSettings>('PUT', `/v1/projects/${id}/share`, { token, body });
const shareUrl = (token: string, id: number) =>
  t.request<{ url: string }>('POST', `/v1/projects/${id}/share_url`, { token });
const sharedInfo = (token: string, codeOrId: string | number) =>
  t.request<SharedProjectInfo>('GET', `/v1/projects/shares/${codeOrId}`, { token });
const join = (token: string, id: number, share_code: string, lang?: string) =>
  t.request<Project>('POST', `/v1/projects/${id}/join`, { token, body: { share_code }, lang });
const ids = (list: { items: { id: number }[] }) => list.items.map((p) => p.id);

describe('GET /v1/projects', () => {
  it('pages 10 by default, newest change first, with the total', async () => {
    const user = await registerUser(t);
    const created: number[] = [];
    for (let i = 1; i <= 12; i++) {
      created.push(await createProject(t, user.token, `P${i}`));
      t.clock.advance(SECOND);
    }
    const newestFirst = [...created].reverse();

    const first = await listProjects(t, user.token);
    expect(first.total).toBe(12);
    expect(ids(first)).toEqual(newestFirst.slice(0, LIMITS.projectPageSize));
    expect(LIMITS.projectPageSize).toBe(10);
    const second = await listProjects(t, user.token, { page: 2 });
    expect(second.total).toBe(12);
    expect(ids(second)).toEqual(newestFirst.slice(10));

    const byFive = await Promise.all([1, 2, 3, 4].map((page) => listProjects(t, user.token, { page, limit: 5 })));
    expect(byFive.map(ids)).toEqual([newestFirst.slice(0, 5), newestFirst.slice(5, 10), newestFirst.slice(10), []]);
    expect(byFive.every((p) => p.total === 12)).toBe(true);

    // A rename is a change: the oldest project moves to the top.
    expectOk(await rename(user.token, created[0]!, { name: 'Renamed' }), 'renameProjectSuccessful');
    const after = await listProjects(t, user.token, { limit: 3 });
    expect(ids(after)).toEqual([created[0], created[11], created[10]]);
    const stamps = (await listProjects(t, user.token, { limit: 100 })).items.map((p) => p.updated_at);
    expect(stamps).toEqual([...stamps].sort().reverse());
  });

  it('lists own projects with role OWNER and the creator', async () => {
    const user = await registerUser(t);
    const id = await createProject(t, user.token, 'Mine');
    const list = await listProjects(t, user.token);
    expect(list).toEqual({
      total: 1,
      items: [
        {
          id,
          project_name: 'Mine',
          creator_id: user.user.id,
          creator: { id: user.user.id, username: user.user.username, email: user.user.email },
          created_at: t.clock.now().toISOString(),
          updated_at: t.clock.now().toISOString(),
          role: 'OWNER',
          is_shared: false,
        },
      ],
    });
  });

  it('filters with is_shared: omitted lists all, false own, true the ones shared with me', async () => {
    const user = await registerUser(t);
    const plain = await createProject(t, user.token, 'Plain');
    const { id: mineShared } = await sharedProject(t, user.token, 'READ_ONLY', [], 'MINE');
    const { id: theirs } = await sharedProject(t, owner.token, 'READ_WRITE', [user.token], 'THRS');
    const { id: notJoined } = await sharedProject(t, owner.token, 'READ_WRITE', [], 'NOPE');

    const all = await listProjects(t, user.token);
    expect(all.total).toBe(3);
    expect(ids(all).sort()).toEqual([plain, mineShared, theirs].sort());
    expect(ids(all)).not.toContain(notJoined);

    const own = await listProjects(t, user.token, { is_shared: false });
    expect(own.total).toBe(2);
    expect(ids(own).sort()).toEqual([plain, mineShared].sort());
    expect(own.items.every((p) => p.role === 'OWNER')).toBe(true);

    const shared = await listProjects(t, user.token, { is_shared: true });
    expect(shared.total).toBe(1);
    expect(shared.items[0]).toMatchObject({
      id: theirs,
      role: 'READ_WRITE',
      is_shared: true,
      creator_id: owner.user.id,
      creator: { id: owner.user.id, email: owner.user.email },
    });
  });

  it('lists the recycle bin with recycled=true', async () => {
    const user = await registerUser(t);
    const kept = await createProject(t, user.token, 'Kept');
    const binned = await createProject(t, user.token, 'Binned');
    expectOk(await recycle(user.token, binned), 'deleteSuccessful');
    expect(ids(await listProjects(t, user.token))).toEqual([kept]);
    const bin = await listProjects(t, user.token, { recycled: true });
    expect(bin.total).toBe(1);
    expect(bin.items[0]).toMatchObject({ id: binned, project_name: 'Binned', role: 'OWNER' });
    expect((await listProjects(t, user.token, { recycled: false })).total).toBe(1);
  });

  it('validates the query and needs a session', async () => {
    const refusals: [Record<string, string | number>, MessageKey, Record<string, string | number>][] = [
      [{ limit: 0 }, 'validationBetween', { field: 'limit', min: 1, max: 100 }],
      [{ limit: 101 }, 'validationBetween', { field: 'limit', min: 1, max: 100 }],
      [{ page: 0 }, 'validationAtLeast', { field: 'page', min: 1 }],
      [{ page: 'x' }, 'validationNotNumber', { field: 'page' }],
      [{ is_shared: 'yes' }, 'validationOneOf', { field: 'is_shared', values: '"true", "false"' }],
    ];
    for (const [query, key, params] of refusals) {
      expectFailure(await t.request('GET', '/v1/projects', { token: owner.token, query }), 400, key, { params });
    }
    expectOk(await t.request('GET', '/v1/projects', { token: owner.token, query: { limit: 100, page: 1 } }));
    expectFailure(await t.request('GET', '/v1/projects'), 401, 'sessionExpired');
  });
});

describe('POST /v1/projects/new', () => {
  const create = (token: string, body: unknown, lang?: string) =>
    t.request<Project>('POST', '/v1/projects/new', { token, body, lang });

  it('creates a project of up to 12 characters, trimmed', async () => {
    const user = await registerUser(t);
    for (const name of ['x'.repeat(12), '项目名称项目名称项目名称', '  Spaced  ']) {
      const data = expectOk(await create(user.token, { project_name: name }), 'createProjectSuccessful');
      expect(data).toMatchObject({
        project_name: name.trim(),
        creator_id: user.user.id,
        role: 'OWNER',
        is_shared: false,
      });
      expect(await projectRow(t, data.id)).toMatchObject({ project_name: name.trim(), creator_id: user.user.id });
    }
    expect((await listProjects(t, user.token)).total).toBe(3);
  });

  it('refuses a missing, blank or too long name and writes nothing', async () => {
    const projects = await countRows(t, 'projects');
    const cases: [unknown, 'projectNameRequired' | 'projectNameTooLong' | 'validationNotText'][] = [
      [{}, 'projectNameRequired'],
      [{ project_name: '' }, 'projectNameRequired'],
      [{ project_name: '    ' }, 'projectNameRequired'],
      [{ project_name: 'x'.repeat(13) }, 'projectNameTooLong'],
      [{ project_name: '项目名称项目名称项目名称项' }, 'projectNameTooLong'],
      [{ project_name: 42 }, 'validationNotText'],
    ];
    for (const [body, key] of cases) {
      expectFailure(await create(owner.token, body), 400, key, { params: { field: 'project_name' } });
    }
    expectFailure(await create(owner.token, {}, 'zh-CN'), 400, 'projectNameRequired', { lang: 'zh-CN' });
    expectFailure(await create(owner.token, { project_name: 'y'.repeat(13) }, 'zh-CN'), 400, 'projectNameTooLong', {
      lang: 'zh-CN',
    });
    expect(await countRows(t, 'projects')).toBe(projects);
    expectFailure(await create('', { project_name: 'NoSession' }), 401, 'sessionExpired');
    expect(await countRows(t, 'projects')).toBe(projects);
  });
});

describe('GET /v1/projects/:id', () => {
  it('answers the project with an empty file list', async () => {
    const id = await createProject(t, owner.token, 'Detail');
    const data = expectOk(await get(owner.token, id));
    expect(data).toMatchObject({ id, project_name: 'Detail', creator_id: owner.user.id, role: 'OWNER', files: [] });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expectFailure(await get(owner.token, 999_999), 404, 'projectNotFound');
    expectFailure(await t.request('GET', '/v1/projects/abc', { token: owner.token }), 404, 'notFound');
    expectFailure(await t.request('GET', '/v1/projects/-1', { token: owner.token }), 404, 'notFound');
  });
});

describe('PUT /v1/projects/:id/name', () => {
  it('renames and moves updated_at', async () => {
    const id = await createProject(t, owner.token, 'Old');
    const before = await projectRow(t, id);
    t.clock.advance(5 * SECOND);
    const data = expectOk(await rename(owner.token, id, { name: '  New name  ' }), 'renameProjectSuccessful');
    expect(data).toMatchObject({ id, project_name: 'New name', role: 'OWNER', created_at: before?.created_at });
    expect(data.updated_at).toBe(t.clock.now().toISOString());
    expect(expectOk(await get(owner.token, id)).project_name).toBe('New name');
    expectOk(await rename(owner.token, id, { name: 'z'.repeat(12) }), 'renameProjectSuccessful');
  });

  it('refuses a missing, blank or too long name and keeps the old one', async () => {
    const id = await createProject(t, owner.token, 'Keep');
    const before = await projectRow(t, id);
    const cases: [unknown, 'projectNameRequired' | 'projectNameTooLong'][] = [
      [{}, 'projectNameRequired'],
      [{ name: '' }, 'projectNameRequired'],
      [{ name: '  ' }, 'projectNameRequired'],
      [{ name: 'x'.repeat(13) }, 'projectNameTooLong'],
      [{ project_name: 'Wrong key' }, 'projectNameRequired'],
    ];
    for (const [body, key] of cases) expectFailure(await rename(owner.token, id, body), 400, key);
    expectFailure(await rename(owner.token, id, { name: ' ' }), 400, 'projectNameRequired');
    expectFailure(await rename(owner.token, id, {}), 400, 'projectNameRequired');
    expect(await projectRow(t, id)).toEqual(before);
    expectFailure(await rename(owner.token, 999_999, { name: 'Ghost' }), 404, 'projectNotFound');
  });
});

describe('recycle bin', () => {
  it('hides a recycled project from everyone, and the creator alone restores it', async () => {
    const { id } = await sharedProject(t, owner.token, 'READ_WRITE', [member.token], 'BIN1', 'Binned');
    expect(ids(await listProjects(t, member.token))).toContain(id);

    expectOk(await recycle(owner.token, id), 'deleteSuccessful');
    expect((await projectRow(t, id))?.deleted_at).toBe(t.clock.now().toISOString());
    expect(ids(await listProjects(t, owner.token))).not.toContain(id);
    expect(ids(await listProjects(t, owner.token, { is_shared: false }))).not.toContain(id);
    expect(ids(await listProjects(t, member.token))).not.toContain(id);
    expect(ids(await listProjects(t, member.token, { is_shared: true }))).not.toContain(id);
    expect(ids(await listProjects(t, member.token, { recycled: true }))).not.toContain(id);
    expectFailure(await get(owner.token, id), 404, 'projectNotFound');
    expectFailure(await get(member.token, id), 404, 'projectNotFound');
    expectFailure(await sharedInfo(member.token, id), 404, 'shareNotFound');
    expectFailure(await join(stranger.token, id, 'BIN1'), 404, 'shareNotFound');
    expectFailure(await recycle(owner.token, id), 404, 'projectNotFound');
    expectFailure(await rename(owner.token, id, { name: 'Nope' }), 404, 'projectNotFound');
    expect(ids(await listProjects(t, owner.token, { recycled: true }))).toContain(id);

    // Only the creator restores.
    expectFailure(await restore(member.token, id), 404, 'projectNotFound');
    expectFailure(await restore(stranger.token, id), 404, 'projectNotFound');
    expect((await projectRow(t, id))?.deleted_at).not.toBeNull();

    t.clock.advance(SECOND);
    const restored = expectOk(await restore(owner.token, id), 'restoreSuccessful');
    expect(restored).toMatchObject({ id, project_name: 'Binned', role: 'OWNER' });
    expect(restored.updated_at).toBe(t.clock.now().toISOString());
    expect(ids(await listProjects(t, owner.token))[0]).toBe(id);
    expect(ids(await listProjects(t, owner.token, { recycled: true }))).not.toContain(id);
    // Membership and sharing survive the bin.
    expect(expectOk(await get(member.token, id)).role).toBe('READ_WRITE');
    expectFailure(await restore(owner.token, id), 404, 'projectNotFound');
  });
});

describe('project sharing', () => {
  it('starts unshared, needs the link first, and validates code and type', async () => {
    const id = await createProject(t, owner.token, 'ToShare');
    expect(expectOk(await getShare(owner.token, id))).toEqual({
      is_shared: false,
      share_code: null,
      share_type: null,
      share_url: null,
    });
    const fakeUrl = `http://localhost/share/${'A'.repeat(16)}`;
    const on = { is_shared: true, share_code: 'AB12', share_type: 'READ_WRITE', share_url: fakeUrl };
    expectFailure(await putShare(owner.token, id, on), 400, 'shareUrlRequired');

    const { url } = expectOk(await shareUrl(owner.token, id));
    const cases: [unknown, Parameters<typeof expectFailure>[2]][] = [
      [{ ...on, share_url: fakeUrl }, 'shareUrlRequired'],
      [{ ...on, share_url: undefined }, 'shareUrlRequired'],
      [{ ...on, share_url: '  ' }, 'shareUrlRequired'],
      [{ ...on, share_url: url, share_code: 'AB1' }, 'shareCodeLength'],
      [{ ...on, share_url: url, share_code: 'AB123' }, 'shareCodeLength'],
      [{ ...on, share_url: url, share_code: '' }, 'shareCodeLength'],
      [{ ...on, share_url: url, share_code: undefined }, 'shareCodeLength'],
      [{ ...on, share_url: url, share_code: 'AB!2' }, 'shareCodeChars'],
      [{ ...on, share_url: url, share_code: 'AB 2' }, 'shareCodeChars'],
      [{ ...on, share_url: url, share_code: '码码码码' }, 'shareCodeChars'],
      [{ ...on, share_url: url, share_type: undefined }, 'shareTypeRequired'],
      [{ ...on, share_url: url, share_type: 'ADMIN' }, 'shareTypeRequired'],
      [{ share_code: 'AB12', share_type: 'READ_ONLY', share_url: url }, 'validationRequired'],
    ];
    for (const [body, key] of cases) {
      expectFailure(await putShare(owner.token, id, body), 400, key, { params: { field: 'is_shared' } });
    }
    const zh = await t.request('PUT', `/v1/projects/${id}/share`, {
      token: owner.token,
      lang: 'zh-CN',
      body: { ...on, share_url: url, share_code: 'A-12' },
    });
    expectFailure(zh, 400, 'shareCodeChars', { lang: 'zh-CN' });

    expect(expectOk(await getShare(owner.token, id))).toEqual({
      is_shared: false,
      share_code: null,
      share_type: null,
      share_url: url,
    });
    expect((await projectRow(t, id))?.is_shared).toBe(0);

    const data = expectOk(await putShare(owner.token, id, { ...on, share_url: url }), 'applySuccessful');
    expect(data).toEqual({ is_shared: true, share_code: 'AB12', share_type: 'READ_WRITE', share_url: url });
    expect(expectOk(await getShare(owner.token, id))).toEqual(data);
    expect(expectOk(await get(owner.token, id)).is_shared).toBe(true);
  });

  it('gives a stable /share/<id> link that names neither the project nor the code', async () => {
    const id = await createProject(t, owner.token, 'Linked');
    const first = expectOk(await shareUrl(owner.token, id)).url;
    const second = expectOk(await shareUrl(owner.token, id)).url;
    expect(second).toBe(first);
    const match = /^https?:\/\/[^/?#]+\/share\/([A-Za-z0-9]{16})$/.exec(first);
    expect(match).not.toBeNull();
    const shareId = match?.[1] ?? '';
    // The id is random, not the project's number or name (a random id may contain the digits of
    // the number by chance, so only the whole id is compared with it).
    expect(shareId).not.toBe(String(id));
    expect(shareId).not.toMatch(/^\d+$/);
    expect(first).not.toContain('Linked');
    await shareProject(t, owner.token, id, 'READ_ONLY', 'Q7Z9');
    expect(expectOk(await shareUrl(owner.token, id)).url).toBe(first);
    expect(first.toUpperCase()).not.toContain('Q7Z9');
    expect((await projectRow(t, id))?.share_id).toBe(shareId);
    // Another project gets another link.
    const other = await createProject(t, owner.token, 'Other');
    expect(expectOk(await shareUrl(owner.token, other)).url).not.toBe(first);
  });

  it('turning sharing off keeps code and type and suspends members; on again restores them', async () => {
    const { id } = await sharedProject(t, owner.token, 'READ_WRITE', [member.token], 'ON01');
    expect(expectOk(await get(member.token, id)).role).toBe('READ_WRITE');

    const off = expectOk(await putShare(owner.token, id, { is_shared: false }), 'applySuccessful');
    expect(off).toMatchObject({ is_shared: false, share_code: 'ON01', share_type: 'READ_WRITE' });
    expect(off.share_url).toMatch(/\/share\/[A-Za-z0-9]{16}$/);
    expectFailure(await get(member.token, id), 404, 'projectNotFound');
    expect(ids(await listProjects(t, member.token))).not.toContain(id);
    expectFailure(await sharedInfo(member.token, id), 404, 'shareNotFound');
    expectFailure(await join(stranger.token, id, 'ON01'), 404, 'shareNotFound');
    expect(await memberIds(t, id)).toEqual([member.user.id]);

    const on = expectOk(
      await putShare(owner.token, id, {
        is_shared: true,
        share_code: 'ON01',
        share_type: 'READ_WRITE',
        share_url: off.share_url,
      }),
      'applySuccessful',
    );
    expect(on).toEqual({ ...off, is_shared: true });
    expect(expectOk(await get(member.token, id)).role).toBe('READ_WRITE');
    expect(ids(await listProjects(t, member.token, { is_shared: true }))).toContain(id);
  });

  it('a new share type applies to existing members, and a new code replaces the old one', async () => {
    const { id, shareId } = await sharedProject(t, owner.token, 'READ_WRITE', [member.token], 'OLD1');
    const url = expectOk(await getShare(owner.token, id)).share_url;
    expectOk(
      await putShare(owner.token, id, { is_shared: true, share_code: 'NEW2', share_type: 'READ_ONLY', share_url: url }),
      'applySuccessful',
    );
    expect(expectOk(await get(member.token, id)).role).toBe('READ_ONLY');
    expect((await listProjects(t, member.token)).items.find((p) => p.id === id)?.role).toBe('READ_ONLY');
    expect(expectOk(await sharedInfo(member.token, shareId))).toMatchObject({
      share_type: 'READ_ONLY',
      role: 'READ_ONLY',
    });

    expectFailure(await join(stranger.token, id, 'OLD1'), 400, 'wrongShareCode');
    expect(expectOk(await join(stranger.token, id, 'NEW2'), 'joinSuccessful').role).toBe('READ_ONLY');
  });

  it('GET and PUT share are for the creator only', async () => {
    const { id } = await sharedProject(t, owner.token, 'READ_WRITE', [member.token], 'OWN1');
    expectFailure(await getShare(member.token, id), 403, 'creatorOnly');
    expectFailure(await putShare(member.token, id, { is_shared: false }), 403, 'creatorOnly');
    expectFailure(await shareUrl(member.token, id), 403, 'creatorOnly');
    expectFailure(await getShare(stranger.token, id), 404, 'projectNotFound');
    expect((await projectRow(t, id))?.is_shared).toBe(1);
  });
});

describe('GET /v1/projects/shares/:codeOrId', () => {
  it('describes a shared project by share id (by project id only to its members), never with its code', async () => {
    const { id, shareId } = await sharedProject(t, owner.token, 'READ_ONLY', [member.token], 'SEE7', 'Peek');
    // Walking sequential project ids must not list other people's shared projects.
    expectFailure(await sharedInfo(stranger.token, id), 404, 'shareNotFound');
    expect(expectOk(await sharedInfo(member.token, id)).project_id).toBe(id);
    expect(expectOk(await sharedInfo(owner.token, id)).role).toBe('OWNER');
    for (const key of [shareId]) {
      const res = await sharedInfo(stranger.token, key);
      expect(expectOk(res)).toEqual({
        project_id: id,
        project_name: 'Peek',
        creator: { id: owner.user.id, username: owner.user.username },
        share_type: 'READ_ONLY',
        role: null,
      });
      expect(JSON.stringify(res.body)).not.toContain('SEE7');
      expect(JSON.stringify(res.body)).not.toContain('share_code');
    }
    expect(expectOk(await sharedInfo(member.token, shareId)).role).toBe('READ_ONLY');
    expect(expectOk(await sharedInfo(owner.token, shareId)).role).toBe('OWNER');
    const guest = await guestLogin(t);
    expect(expectOk(await sharedInfo(guest.token, shareId)).role).toBeNull();
  });

  it('answers 404 shareNotFound for an unshared or unknown project and 401 without a session', async () => {
    const id = await createProject(t, owner.token, 'Private');
    const { url } = expectOk(await shareUrl(owner.token, id));
    const shareId = url.split('/share/')[1] ?? '';
    expectFailure(await sharedInfo(stranger.token, id), 404, 'shareNotFound');
    expectFailure(await sharedInfo(stranger.token, shareId), 404, 'shareNotFound');
    expectFailure(await sharedInfo(stranger.token, 'NoSuchShareId42'), 404, 'shareNotFound');
    expectFailure(await sharedInfo(stranger.token, 999_999), 404, 'shareNotFound');
    expectFailure(await t.request('GET', `/v1/projects/shares/${shareId}`), 401, 'sessionExpired');
  });
});

describe('POST /v1/projects/:id/join', () => {
  it('refuses a wrong code without making a member', async () => {
    const { id } = await sharedProject(t, owner.token, 'READ_WRITE', [], 'RGHT');
    const user = await guestLogin(t);
    expectFailure(await join(user.token, id, 'WRNG'), 400, 'wrongShareCode');
    expectFailure(await join(user.token, id, 'WRNG', 'zh-CN'), 400, 'wrongShareCode', { lang: 'zh-CN' });
    expect(await memberIds(t, id)).toEqual([]);
    expectFailure(await get(user.token, id), 404, 'projectNotFound');
    expectFailure(await join(user.token, id, 'AB1'), 400, 'shareCodeLength');
    expectFailure(await join(user.token, id, 'AB?1'), 400, 'shareCodeChars');
  });

  it('joins with the right code in any letter case, once', async () => {
    const { id } = await sharedProject(t, owner.token, 'READ_WRITE', [], 'AbC9', 'Joinable');
    const user = await registerUser(t);
    const data = expectOk(await join(user.token, id, 'abc9'), 'joinSuccessful');
    expect(data).toMatchObject({ id, project_name: 'Joinable', role: 'READ_WRITE', creator_id: owner.user.id });
    expect(await memberIds(t, id)).toEqual([user.user.id]);
    expect(expectOk(await get(user.token, id)).role).toBe('READ_WRITE');
    expectOk(await join(user.token, id, 'ABC9'), 'joinSuccessful');
    expect(await memberIds(t, id)).toEqual([user.user.id]);
  });

  it('is a no-op for the owner', async () => {
    const { id } = await sharedProject(t, owner.token, 'READ_ONLY', [], 'OWNR');
    expect(expectOk(await join(owner.token, id, 'OWNR'), 'joinSuccessful').role).toBe('OWNER');
    expect(expectOk(await join(owner.token, id, 'XXXX'), 'joinSuccessful').role).toBe('OWNER');
    expect(await memberIds(t, id)).toEqual([]);
    expect(expectOk(await get(owner.token, id)).role).toBe('OWNER');
  });

  it('answers 404 shareNotFound for a project that is not shared', async () => {
    const id = await createProject(t, owner.token, 'Closed');
    expectFailure(await join(stranger.token, id, 'AB12'), 404, 'shareNotFound');
    expectFailure(await join(stranger.token, 999_999, 'AB12'), 404, 'shareNotFound');
    expect(await memberIds(t, id)).toEqual([]);
  });

  it('locks one user out after 5 wrong codes for 15 minutes, even with the right code', async () => {
    const { id } = await sharedProject(t, owner.token, 'READ_ONLY', [], 'LOCK');
    const user = await guestLogin(t);
    for (let i = 0; i < JOIN_POLICY.maxFailures; i++) {
      expectFailure(await join(user.token, id, `BAD${i}`), 400, 'wrongShareCode');
    }
    expect(JOIN_POLICY).toMatchObject({ maxFailures: 5, windowMinutes: 15 });
    expectFailure(await join(user.token, id, 'LOCK'), 429, 'tooManyAttempts', { params: { minutes: 15 } });
    expectFailure(await join(user.token, id, 'LOCK', 'zh-CN'), 429, 'tooManyAttempts', {
      lang: 'zh-CN',
      params: { minutes: 15 },
    });
    t.clock.advance(5 * MINUTE);
    expectFailure(await join(user.token, id, 'LOCK'), 429, 'tooManyAttempts', { params: { minutes: 10 } });
    expect(await memberIds(t, id)).toEqual([]);

    // Another user is not locked by this one.
    const other = await guestLogin(t);
    expectOk(await join(other.token, id, 'LOCK'), 'joinSuccessful');

    t.clock.advance(10 * MINUTE + SECOND);
    expectOk(await join(user.token, id, 'lock'), 'joinSuccessful');
    expect((await memberIds(t, id)).sort()).toEqual([user.user.id, other.user.id].sort());
  });

  it('reports the minutes left of the locked user, not of older failures by others', async () => {
    const { id } = await sharedProject(t, owner.token, 'READ_ONLY', [], 'MINS');
    const early = await guestLogin(t);
    expectFailure(await join(early.token, id, 'BAD0'), 400, 'wrongShareCode');
    t.clock.advance(10 * MINUTE);
    const user = await guestLogin(t);
    for (let i = 0; i < JOIN_POLICY.maxFailures; i++) {
      expectFailure(await join(user.token, id, `BAD${i}`), 400, 'wrongShareCode');
    }
    expectFailure(await join(user.token, id, 'MINS'), 429, 'tooManyAttempts', { params: { minutes: 15 } });
    t.clock.advance(6 * MINUTE);
    expectFailure(await join(user.token, id, 'MINS'), 429, 'tooManyAttempts', { params: { minutes: 9 } });
  });

  it('a crowd of throwaway accounts guessing codes never locks out the real invitee', async () => {
    const { id } = await sharedProject(t, owner.token, 'READ_WRITE', [member.token], 'CROW');
    // The abuse review's replay: 8 guests × 3 wrong codes used to lock the project for 15 minutes.
    const guests = await Promise.all(Array.from({ length: 8 }, () => guestLogin(t)));
    for (const guest of guests) {
      for (let i = 0; i < JOIN_POLICY.maxFailures; i++) {
        expectFailure(await join(guest.token, id, `WR${i}X`), 400, 'wrongShareCode');
      }
      expectFailure(await join(guest.token, id, 'CROW'), 429, 'tooManyAttempts', { params: { minutes: 15 } });
    }
    const invitee = await registerUser(t);
    expectOk(await join(invitee.token, id, 'CROW'), 'joinSuccessful');
    expect(expectOk(await get(member.token, id)).role).toBe('READ_WRITE');
  });

  it('backs off exponentially: each wrong code after the lock doubles the wait, up to a day', async () => {
    const { id } = await sharedProject(t, owner.token, 'READ_ONLY', [], 'EXPO');
    const user = await guestLogin(t);
    for (let i = 0; i < JOIN_POLICY.maxFailures; i++) {
      expectFailure(await join(user.token, id, `BD${i}X`), 400, 'wrongShareCode');
    }
    for (const minutes of [15, 30, 60, 120]) {
      expectFailure(await join(user.token, id, 'EXPO'), 429, 'tooManyAttempts', { params: { minutes } });
      t.clock.advance(minutes * MINUTE);
      expectFailure(await join(user.token, id, 'NOPE'), 400, 'wrongShareCode');
    }
    t.clock.advance((JOIN_POLICY.memoryHours + 1) * 60 * MINUTE);
    // Failures older than the memory are forgotten: a fresh start.
    expectOk(await join(user.token, id, 'expo'), 'joinSuccessful');
  });

  it('counts wrong codes sent in parallel: exactly 5 are tried, the others refused', async () => {
    const { id } = await sharedProject(t, owner.token, 'READ_ONLY', [], 'PARA');
    const user = await guestLogin(t);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => join(user.token, id, `X${String(i).padStart(3, '0')}`)),
    );
    const statuses = results.map((r) => r.status);
    // Joins of a project take turns, so each try counts every failure before it.
    expect(statuses.filter((s) => s === 400)).toHaveLength(JOIN_POLICY.maxFailures);
    for (const res of results) {
      if (res.status === 400) expectFailure(res, 400, 'wrongShareCode');
      else expectFailure(res, 429, 'tooManyAttempts', { params: { minutes: 15 } });
    }
    expectFailure(await join(user.token, id, 'PARA'), 429, 'tooManyAttempts', { params: { minutes: 15 } });
    expect(await memberIds(t, id)).toEqual([]);
  });
});
