import { LIMITS } from '@medx/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY } from '../../src/lib/clock';
import type { BuiltProject, BuiltUser } from '../support/factories';
import { createMediumContext, type MediumContext } from '../support/medium';

/**
 * GuestPurgeService as the server wires it (services.ts): a guest older than the
 * retention goes with its projects, their rows and their stored objects; nobody
 * else loses anything. The purge looks at every guest of the database, so each test
 * has a database of its own.
 */

let m: MediumContext;
beforeEach(async () => {
  m = await createMediumContext();
});
afterEach(() => m?.close());

const RETENTION = LIMITS.guestRetentionDays * DAY;

async function rowsOfProject(project: BuiltProject) {
  const db = m.db.kysely;
  const n = async (q: { execute(): Promise<unknown[]> }) => (await q.execute()).length;
  return {
    project: n(db.selectFrom('projects').select('id').where('id', '=', project.id)),
    files: n(db.selectFrom('files').select('id').where('project_id', '=', project.id)),
    groups: n(db.selectFrom('file_groups').select('id').where('project_id', '=', project.id)),
    jobs: n(db.selectFrom('jobs').select('id').where('project_id', '=', project.id)),
    members: n(db.selectFrom('project_members').select('user_id').where('project_id', '=', project.id)),
    objects: m.storage.list(`projects/${project.id}`).then((keys) => keys.length),
  };
}
const settle = async <T extends Record<string, Promise<number>>>(counts: T) =>
  Object.fromEntries(await Promise.all(Object.entries(counts).map(async ([k, v]) => [k, await v])));

async function sessionsOf(user: BuiltUser) {
  return (await m.db.kysely.selectFrom('sessions').select('id').where('user_id', '=', user.user.id).execute()).length;
}

describe('GuestPurgeService.purgeExpired', () => {
  it('removes an expired guest with its projects, their files, groups, jobs, members and stored objects', async () => {
    const registered = await m.buildUser();
    const guest = await m.buildUser({ guest: true });
    // The guest's own work: a shared project a registered user joined, with grouped files and a job...
    const own = await m.buildProject({ owner: guest, share: { type: 'READ_WRITE', members: [registered] } });
    const [a, b] = [await m.buildFile(own), await m.buildFile(own)];
    await m.files.groups.add(guest.auth, { name: 'G', project_id: own.id, ids: [a.id, b.id] });
    await m.buildJob(own, { status: 'FINISHED' });
    // ...a project in its recycle bin...
    const binned = await m.buildProject({ owner: guest });
    await m.buildFile(binned);
    await m.projects.service.addToRecycle(guest.auth, binned.id);
    // ...and a file it added to a registered user's project, which is that project's.
    const theirs = await m.buildProject({ owner: registered, share: { type: 'READ_WRITE', members: [guest] } });
    const contributed = await m.buildFile(theirs, { by: guest });
    const kept = await m.buildFile(theirs);

    expect(await settle(await rowsOfProject(own))).toEqual({
      project: 1,
      files: 2,
      groups: 1,
      jobs: 1,
      members: 1,
      objects: 2,
    });
    m.clock.advance(RETENTION + 1);
    expect(await m.guestPurge.purgeExpired()).toBe(1);

    expect(await m.users.repository.findById(guest.user.id)).toBeUndefined();
    expect(await sessionsOf(guest)).toBe(0);
    const gone = { project: 0, files: 0, groups: 0, jobs: 0, members: 0, objects: 0 };
    expect(await settle(await rowsOfProject(own))).toEqual(gone);
    expect(await settle(await rowsOfProject(binned))).toEqual(gone);
    // The registered user's project keeps everything, the guest's contribution included.
    expect(await settle(await rowsOfProject(theirs))).toEqual({
      project: 1,
      files: 2,
      groups: 0,
      jobs: 0,
      members: 0,
      objects: 2,
    });
    expect(await m.files.repository.findById(contributed.id)).toMatchObject({ created_by: null });
    for (const f of [contributed, kept]) expect(await m.storage.exists(f.storage_key)).toBe(true);
    expect(await m.users.repository.findById(registered.user.id)).toBeDefined();
    expect(m.logs).toContainEqual({ level: 'info', msg: 'purged expired guest accounts', fields: { count: 1 } });
  });

  it('keeps a guest until its retention is over, to the millisecond', async () => {
    const guest = await m.buildUser({ guest: true });
    const project = await m.buildProject({ owner: guest });
    await m.buildFile(project);
    m.clock.advance(RETENTION);
    expect(await m.guestPurge.purgeExpired()).toBe(0);
    expect(await settle(await rowsOfProject(project))).toMatchObject({ project: 1, files: 1, objects: 1 });
    m.clock.advance(1);
    expect(await m.guestPurge.purgeExpired()).toBe(1);
    expect(await settle(await rowsOfProject(project))).toMatchObject({ project: 0, files: 0, objects: 0 });
    expect(await m.guestPurge.purgeExpired()).toBe(0);
  });

  it('never removes registered users, a guest that registered included', async () => {
    const registered = await m.buildUser();
    const guest = await m.buildUser({ guest: true });
    const project = await m.buildProject({ owner: guest });
    await m.buildFile(project);
    // The guest signs up while signed in: same account, now registered (UsersService.signUp).
    const email = 'upgraded@medium.example.org';
    await m.users.service.sendCode({ channel: 'email', email }, 'sign_up');
    const code = m.sentCodes.at(-1)!;
    expect(code).toMatchObject({ to: email, purpose: 'sign_up' });
    const upgraded = await m.users.service.signUp(
      { email, code: code.code, password: 'secret123', identity: 'Student', agreement: true },
      guest.auth,
    );
    expect(upgraded.user).toMatchObject({ id: guest.user.id, user_type: 'REGISTERED' });

    m.clock.advance(10 * RETENTION);
    expect(await m.guestPurge.purgeExpired()).toBe(0);
    expect(await m.users.repository.findById(registered.user.id)).toBeDefined();
    expect(await m.users.repository.findById(guest.user.id)).toMatchObject({ user_type: 'REGISTERED' });
    expect(await settle(await rowsOfProject(project))).toMatchObject({ project: 1, files: 1, objects: 1 });
  });
});
