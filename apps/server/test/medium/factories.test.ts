import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/lib/secrets';
import { MEDIUM_ADMIN_EMAILS, SMALL_PDB } from '../support/factories';
import { createMediumContext, type MediumContext } from '../support/medium';

/** The factories build what they say, through the real services: the other medium tests rely on it. */

let m: MediumContext;
beforeAll(async () => {
  m = await createMediumContext();
});
afterAll(() => m?.close());

describe('buildUser', () => {
  it('makes a signed-in registered user with a working password, or a guest', async () => {
    const user = await m.buildUser({ password: 'another1' });
    expect(user.user).toMatchObject({ user_type: 'REGISTERED', created_at: m.clock.now().toISOString() });
    expect(await verifyPassword('another1', user.user.password_hash)).toBe(true);
    expect(await m.users.sessions.resolve(user.token)).toEqual(user.auth);
    expect(m.users.service.permissions(user.user).ADMIN_PANEL).toBe(false);

    const guest = await m.buildUser({ guest: true });
    expect(guest.user).toMatchObject({ user_type: 'GUEST', email: null, password_hash: null });
    expect(guest.password).toBeNull();
    expect((await m.users.sessions.resolve(guest.token))?.user.id).toBe(guest.user.id);
    expect(m.users.service.permissions(guest.user)).toEqual({ tools: false, workflows: false, ADMIN_PANEL: false });
  });

  it('makes admins from the ADMIN_EMAILS of the context, each once', async () => {
    const [first, second] = [await m.buildUser({ admin: true }), await m.buildUser({ admin: true })];
    expect([first.user.email, second.user.email]).toEqual(MEDIUM_ADMIN_EMAILS.slice(0, 2));
    expect(m.users.service.permissions(first.user).ADMIN_PANEL).toBe(true);
  });
});

describe('buildProject', () => {
  it('shares the project and lets every member join with its code', async () => {
    const [a, b] = [await m.buildUser(), await m.buildUser({ guest: true })];
    const p = await m.buildProject({ name: 'Shared', share: { type: 'READ_ONLY', members: [a, b], code: 'ZX90' } });
    expect(p.row).toMatchObject({ project_name: 'Shared', is_shared: 1, share_type: 'READ_ONLY', share_code: 'ZX90' });
    expect(p.row.share_id).toBe(p.shareId);
    for (const member of [a, b]) {
      expect((await m.projects.access.require(member.auth, p.id, 'read')).role).toBe('READ_ONLY');
    }
    expect((await m.projects.service.list(p.owner.auth, { page: 1, limit: 10 })).items.map((x) => x.id)).toEqual([
      p.id,
    ]);
  });

  it('puts a project in the bin when asked', async () => {
    const p = await m.buildProject({ recycled: true });
    expect(p.row.deleted_at).not.toBeNull();
    const bin = await m.projects.service.list(p.owner.auth, { page: 1, limit: 10, recycled: 'true' });
    expect(bin.items.map((x) => x.id)).toEqual([p.id]);
  });
});

describe('buildFile and buildJob', () => {
  it('stores a real object and its row', async () => {
    const p = await m.buildProject();
    const file = await m.buildFile(p, { name: 'x.sdf', content: 'x\n$$$$\n' });
    expect(file).toMatchObject({ project_id: p.id, name: 'x.sdf', ext: 'sdf', file_type: 'SDF' });
    expect(Number(file.size)).toBe(7);
    expect((await m.storage.getBuffer(file.storage_key)).toString()).toBe('x\n$$$$\n');
    const pdb = await m.buildFile(p);
    expect((await m.storage.getBuffer(pdb.storage_key)).toString()).toBe(SMALL_PDB);
    expect((await m.files.service.entries(p.id)).map((e) => e.id)).toEqual([file.id, pdb.id]);
  });

  it('submits a job and moves it to the status asked for', async () => {
    const p = await m.buildProject();
    const queued = await m.buildJob(p);
    expect(queued).toMatchObject({ status: 'PRE_PROCESSING', job_type: 'ECHO', params: '{"words":"medium"}' });
    const done = await m.buildJob(p, { status: 'FINISHED', name: null });
    expect(done).toMatchObject({ status: 'FINISHED', job_name: null, attempts: 1, runner_id: 'medium-factory' });
    expect(done.started_at).not.toBeNull();
    expect(done.finished_at).not.toBeNull();
  });
});
