import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltUser } from '../support/factories';
import { SECOND } from '../support/helpers';
import { createMediumContext, expectAppError, type MediumContext } from '../support/medium';

/** The recycle bin (ProjectsService): who may bin and restore, and what a binned project is. */

let m: MediumContext;
beforeAll(async () => {
  m = await createMediumContext();
});
afterAll(() => m?.close());

const listIds = async (user: BuiltUser, query: { is_shared?: 'true' | 'false'; recycled?: 'true' | 'false' } = {}) =>
  (await m.projects.service.list(user.auth, { page: 1, limit: 100, ...query })).items.map((p) => p.id);

describe('add to recycle', () => {
  it('is for the creator only: members are refused, strangers learn nothing, and nothing changes', async () => {
    const [member, stranger] = [await m.buildUser(), await m.buildUser()];
    const p = await m.buildProject({ share: { type: 'READ_WRITE', members: [member] } });
    await expectAppError(m.projects.service.addToRecycle(member.auth, p.id), 403, 'creatorOnly');
    await expectAppError(m.projects.service.addToRecycle(stranger.auth, p.id), 404, 'projectNotFound');
    expect((await m.projects.repository.findById(p.id))?.deleted_at).toBeNull();
  });

  it('stamps the time, hides the project from every list but the creator’s bin, and cannot bin twice', async () => {
    const member = await m.buildUser();
    const p = await m.buildProject({ share: { type: 'READ_WRITE', members: [member] } });
    const kept = await m.buildProject({ owner: p.owner });
    m.clock.advance(SECOND);
    await m.projects.service.addToRecycle(p.owner.auth, p.id);

    expect((await m.projects.repository.findById(p.id))?.deleted_at).toBe(m.clock.now().toISOString());
    expect(await listIds(p.owner)).toEqual([kept.id]);
    expect(await listIds(p.owner, { is_shared: 'false' })).toEqual([kept.id]);
    expect(await listIds(p.owner, { recycled: 'true' })).toEqual([p.id]);
    expect(await listIds(member)).toEqual([]);
    expect(await listIds(member, { is_shared: 'true' })).toEqual([]);
    expect(await listIds(member, { recycled: 'true' })).toEqual([]);
    await expectAppError(m.projects.service.addToRecycle(p.owner.auth, p.id), 404, 'projectNotFound');
    // Nobody joins a binned project, even with the right code.
    await expectAppError(m.projects.service.join((await m.buildUser()).auth, p.id, p.code!), 404, 'shareNotFound');
  });
});

describe('restore', () => {
  it('is for the creator only, and only for a project in the bin', async () => {
    const [member, stranger] = [await m.buildUser(), await m.buildUser()];
    const p = await m.buildProject({ share: { type: 'READ_WRITE', members: [member] }, recycled: true });
    await expectAppError(m.projects.service.restore(member.auth, p.id), 404, 'projectNotFound');
    await expectAppError(m.projects.service.restore(stranger.auth, p.id), 404, 'projectNotFound');
    expect((await m.projects.repository.findById(p.id))?.deleted_at).not.toBeNull();

    const live = await m.buildProject({ owner: p.owner });
    const before = await m.projects.repository.findById(live.id);
    m.clock.advance(SECOND);
    await expectAppError(m.projects.service.restore(live.owner.auth, live.id), 404, 'projectNotFound');
    expect(await m.projects.repository.findById(live.id)).toEqual(before);
    await expectAppError(m.projects.service.restore(p.owner.auth, 987_654), 404, 'projectNotFound');
  });

  it('brings the project back on top of the list, with its sharing and members', async () => {
    const member = await m.buildUser();
    const p = await m.buildProject({ share: { type: 'READ_ONLY', members: [member], code: 'BAK1' }, recycled: true });
    m.clock.advance(SECOND);
    const newer = await m.buildProject({ owner: p.owner });
    m.clock.advance(SECOND);

    const restored = await m.projects.service.restore(p.owner.auth, p.id);
    expect(restored).toMatchObject({ id: p.id, role: 'OWNER', is_shared: true });
    expect(restored.updated_at).toBe(m.clock.now().toISOString());
    expect(await m.projects.repository.findById(p.id)).toMatchObject({
      deleted_at: null,
      updated_at: m.clock.now().toISOString(),
      share_type: 'READ_ONLY',
      share_code: 'BAK1',
    });
    expect(await listIds(p.owner)).toEqual([p.id, newer.id]);
    expect(await listIds(p.owner, { recycled: 'true' })).toEqual([]);
    expect(await listIds(member, { is_shared: 'true' })).toEqual([p.id]);
    await expectAppError(m.projects.service.restore(p.owner.auth, p.id), 404, 'projectNotFound');
  });
});
