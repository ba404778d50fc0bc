import type { ProjectRole } from '@medx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Need } from '../../src/modules/projects/project-access';
import type { BuiltProject, BuiltUser } from '../support/factories';
import { createMediumContext, expectAppError, type MediumContext } from '../support/medium';

/**
 * ProjectAccess.require is the one permission check of every project-scoped call:
 * the caller's role on the project, or 404 (existence not revealed) / 403.
 */

let m: MediumContext;
beforeAll(async () => {
  m = await createMediumContext();
});
afterAll(() => m?.close());

const ORIGIN = 'http://medium.example.org';

type Outcome = ProjectRole | 404 | 'readOnlyProject' | 'creatorOnly';

/** What require answers for each need: the role, or the refusal. */
async function outcomes(user: BuiltUser, projectId: number): Promise<Record<Need, Outcome>> {
  const out = {} as Record<Need, Outcome>;
  for (const need of ['read', 'write', 'owner'] as const) {
    try {
      out[need] = (await m.projects.access.require(user.auth, projectId, need)).role;
    } catch (err) {
      const { statusCode, key } = err as { statusCode: number; key: string };
      if (statusCode === 404 && key === 'projectNotFound') out[need] = 404;
      else if (statusCode === 403 && (key === 'readOnlyProject' || key === 'creatorOnly')) out[need] = key;
      else throw err;
    }
  }
  return out;
}

const HIDDEN = { read: 404, write: 404, owner: 404 } as const;
const OWNER = { read: 'OWNER', write: 'OWNER', owner: 'OWNER' } as const;
const READ_WRITE = { read: 'READ_WRITE', write: 'READ_WRITE', owner: 'creatorOnly' } as const;
const READ_ONLY = { read: 'READ_ONLY', write: 'readOnlyProject', owner: 'creatorOnly' } as const;

describe('ProjectAccess.require', () => {
  let rw: BuiltProject;
  let ro: BuiltProject;
  let rwMember: BuiltUser;
  let roMember: BuiltUser;
  let guestMember: BuiltUser;
  beforeAll(async () => {
    [rwMember, roMember, guestMember] = [await m.buildUser(), await m.buildUser(), await m.buildUser({ guest: true })];
    rw = await m.buildProject({ share: { type: 'READ_WRITE', members: [rwMember, guestMember] } });
    ro = await m.buildProject({ owner: rw.owner, share: { type: 'READ_ONLY', members: [roMember] } });
  });

  it('gives the creator every right', async () => {
    expect(await outcomes(rw.owner, rw.id)).toEqual(OWNER);
    expect(await outcomes(rw.owner, ro.id)).toEqual(OWNER);
  });

  it('gives a member the share type: READ_WRITE writes, READ_ONLY reads, neither does creator-only calls', async () => {
    expect(await outcomes(rwMember, rw.id)).toEqual(READ_WRITE);
    expect(await outcomes(roMember, ro.id)).toEqual(READ_ONLY);
  });

  it('treats a guest who joined like any member', async () => {
    expect(guestMember.user.user_type).toBe('GUEST');
    expect(await outcomes(guestMember, rw.id)).toEqual(READ_WRITE);
  });

  it('answers 404 to strangers and to guests who did not join, and to members of another project', async () => {
    const stranger = await m.buildUser();
    const guest = await m.buildUser({ guest: true });
    expect(await outcomes(stranger, rw.id)).toEqual(HIDDEN);
    expect(await outcomes(guest, ro.id)).toEqual(HIDDEN);
    // Membership is per project: the READ_WRITE member of one has no rights on the other.
    expect(await outcomes(rwMember, ro.id)).toEqual(HIDDEN);
  });

  it('answers 404 for a project that does not exist', async () => {
    await expectAppError(m.projects.access.require(rw.owner.auth, 987_654, 'read'), 404, 'projectNotFound');
  });
});

describe('sharing settings apply to members at once', () => {
  it('turning sharing off suspends members (the membership stays) and on again restores them', async () => {
    const member = await m.buildUser();
    const p = await m.buildProject({ share: { type: 'READ_WRITE', members: [member], code: 'OFF1' } });
    const url = `${ORIGIN}/share/${p.shareId}`;

    await m.projects.service.updateShare(p.owner.auth, p.id, { is_shared: false }, ORIGIN);
    expect(await outcomes(member, p.id)).toEqual(HIDDEN);
    expect(await outcomes(p.owner, p.id)).toEqual(OWNER);
    expect(await m.projects.repository.isMember(p.id, member.user.id)).toBe(true);

    await m.projects.service.updateShare(
      p.owner.auth,
      p.id,
      { is_shared: true, share_code: 'OFF1', share_type: 'READ_WRITE', share_url: url },
      ORIGIN,
    );
    expect(await outcomes(member, p.id)).toEqual(READ_WRITE);
  });

  it('a new share type applies to members who joined under the old one', async () => {
    const member = await m.buildUser();
    const p = await m.buildProject({ share: { type: 'READ_WRITE', members: [member], code: 'TYP1' } });
    expect(await outcomes(member, p.id)).toEqual(READ_WRITE);
    await m.projects.service.updateShare(
      p.owner.auth,
      p.id,
      {
        is_shared: true,
        share_code: 'TYP1',
        share_type: 'READ_ONLY',
        share_url: `${ORIGIN}/share/${p.shareId}`,
      },
      ORIGIN,
    );
    expect(await outcomes(member, p.id)).toEqual(READ_ONLY);
  });
});

describe('recycled projects', () => {
  it('are hidden from everyone, the creator included, until restored', async () => {
    const member = await m.buildUser();
    const p = await m.buildProject({ share: { type: 'READ_WRITE', members: [member] }, recycled: true });
    expect(p.row.deleted_at).toBe(m.clock.now().toISOString());
    expect(await outcomes(p.owner, p.id)).toEqual(HIDDEN);
    expect(await outcomes(member, p.id)).toEqual(HIDDEN);

    await m.projects.service.restore(p.owner.auth, p.id);
    expect(await outcomes(p.owner, p.id)).toEqual(OWNER);
    expect(await outcomes(member, p.id)).toEqual(READ_WRITE);
  });
});
