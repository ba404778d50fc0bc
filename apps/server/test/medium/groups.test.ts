import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltProject } from '../support/factories';
import { createMediumContext, expectAppError, type MediumContext } from '../support/medium';

/** GroupsService (spec §4 Groups): what grouping, ungrouping and dropping do to files, and who may. */

let m: MediumContext;
beforeAll(async () => {
  m = await createMediumContext();
});
afterAll(() => m?.close());

const file = (id: number) => m.files.repository.findById(id);
const groupsOf = (project: BuiltProject) => m.files.repository.listGroups(project.id);

describe('GroupsService.add', () => {
  it('groups the selected files, moves them out of their old group and drops groups left empty', async () => {
    const p = await m.buildProject();
    const [a, b, c] = [await m.buildFile(p), await m.buildFile(p), await m.buildFile(p)];
    const first = await m.files.groups.add(p.owner.auth, { name: 'First', project_id: p.id, ids: [a.id, b.id] });
    expect(first.files.map((f) => f.id).sort()).toEqual([a.id, b.id].sort());

    // b moves out: First keeps a.
    const second = await m.files.groups.add(p.owner.auth, { name: 'Second', project_id: p.id, ids: [b.id, c.id] });
    expect((await file(a.id))?.group_id).toBe(first.id);
    expect((await file(b.id))?.group_id).toBe(second.id);
    expect((await groupsOf(p)).map((g) => g.name)).toEqual(['First', 'Second']);

    // a moves out too: First is empty and goes.
    const third = await m.files.groups.add(p.owner.auth, { name: 'Third', project_id: p.id, ids: [a.id, c.id] });
    expect((await groupsOf(p)).map((g) => [g.id, g.name])).toEqual([
      [second.id, 'Second'],
      [third.id, 'Third'],
    ]);
    expect((await file(b.id))?.group_id).toBe(second.id);
  });

  it('groups one file that is in no group, but refuses to regroup a grouped file alone', async () => {
    const p = await m.buildProject();
    const [a, b] = [await m.buildFile(p), await m.buildFile(p)];
    const single = await m.files.groups.add(p.owner.auth, { name: 'Solo', project_id: p.id, ids: [a.id] });
    expect(single.files.map((f) => f.id)).toEqual([a.id]);
    await expectAppError(
      m.files.groups.add(p.owner.auth, { name: 'Again', project_id: p.id, ids: [a.id] }),
      400,
      'selectTwoFiles',
    );
    expect((await groupsOf(p)).map((g) => g.name)).toEqual(['Solo']);
    expect((await file(b.id))?.group_id).toBeNull();
  });

  it('refuses files of another project, read-only members and strangers, creating no group', async () => {
    const [readOnly, stranger] = [await m.buildUser(), await m.buildUser()];
    const p = await m.buildProject({ share: { type: 'READ_ONLY', members: [readOnly] } });
    const elsewhere = await m.buildProject({ owner: p.owner });
    const [a, b, foreign] = [await m.buildFile(p), await m.buildFile(p), await m.buildFile(elsewhere)];
    const input = { name: 'G', project_id: p.id, ids: [a.id, b.id] };

    await expectAppError(m.files.groups.add(p.owner.auth, { ...input, ids: [a.id, foreign.id] }), 404, 'fileNotFound');
    await expectAppError(m.files.groups.add(readOnly.auth, input), 403, 'readOnlyProject');
    await expectAppError(m.files.groups.add(stranger.auth, input), 404, 'projectNotFound');
    expect(await groupsOf(p)).toEqual([]);
    expect(await groupsOf(elsewhere)).toEqual([]);
    expect([(await file(a.id))?.group_id, (await file(foreign.id))?.group_id]).toEqual([null, null]);
  });
});

describe('ungroup, drop and rename', () => {
  it('ungroup removes the group and keeps its files in the entry list', async () => {
    const p = await m.buildProject();
    const [a, b] = [await m.buildFile(p), await m.buildFile(p)];
    const group = await m.files.groups.add(p.owner.auth, { name: 'G', project_id: p.id, ids: [a.id, b.id] });
    await m.files.groups.ungroup(p.owner.auth, group.id);
    expect(await groupsOf(p)).toEqual([]);
    for (const id of [a.id, b.id]) expect(await file(id)).toMatchObject({ group_id: null, is_show_entry: 1 });
    expect((await m.files.service.entries(p.id)).map((e) => e.id).sort()).toEqual([a.id, b.id].sort());
    await expectAppError(m.files.groups.ungroup(p.owner.auth, group.id), 404, 'groupNotFound');
  });

  it('drop removes the group and hides its files, which stay in the project with their objects', async () => {
    const p = await m.buildProject();
    const [a, b, other] = [await m.buildFile(p), await m.buildFile(p), await m.buildFile(p)];
    const group = await m.files.groups.add(p.owner.auth, { name: 'G', project_id: p.id, ids: [a.id, b.id] });
    await m.files.groups.drop(p.owner.auth, group.id);
    expect(await groupsOf(p)).toEqual([]);
    expect((await m.files.service.entries(p.id)).map((e) => e.id)).toEqual([other.id]);
    for (const f of [a, b]) {
      expect(await file(f.id)).toMatchObject({ group_id: null, is_show_entry: 0 });
      expect(await m.storage.exists(f.storage_key)).toBe(true);
    }
  });

  it('members who may write rename, ungroup and drop; read-only members and strangers change nothing', async () => {
    const [writer, reader, stranger] = [await m.buildUser(), await m.buildUser(), await m.buildUser()];
    const rw = await m.buildProject({ share: { type: 'READ_WRITE', members: [writer] } });
    const ro = await m.buildProject({ owner: rw.owner, share: { type: 'READ_ONLY', members: [reader], code: 'RO12' } });
    const groupIn = async (p: BuiltProject) =>
      m.files.groups.add(p.owner.auth, { name: 'Orig', project_id: p.id, ids: [(await m.buildFile(p)).id] });

    const g = await groupIn(rw);
    expect((await m.files.groups.rename(writer.auth, g.id, 'Renamed')).name).toBe('Renamed');
    expect((await m.files.repository.findGroup(g.id))?.name).toBe('Renamed');

    const h = await groupIn(ro);
    await expectAppError(m.files.groups.rename(reader.auth, h.id, 'Mine'), 403, 'readOnlyProject');
    await expectAppError(m.files.groups.ungroup(reader.auth, h.id), 403, 'readOnlyProject');
    await expectAppError(m.files.groups.drop(reader.auth, h.id), 403, 'readOnlyProject');
    await expectAppError(m.files.groups.rename(stranger.auth, h.id, 'Mine'), 404, 'projectNotFound');
    await expectAppError(m.files.groups.drop(stranger.auth, h.id), 404, 'projectNotFound');
    expect(await m.files.repository.findGroup(h.id)).toMatchObject({ name: 'Orig' });
    expect(await m.files.groups.filesOf(reader.auth, [h.id])).toHaveLength(1);
  });

  it('filesOf filters by type and checks every group’s project', async () => {
    const p = await m.buildProject();
    const pdb = await m.buildFile(p, { name: 'r.pdb' });
    const sdf = await m.buildFile(p, { name: 'l.sdf', content: 'l\n$$$$\n' });
    const g = await m.files.groups.add(p.owner.auth, { name: 'G', project_id: p.id, ids: [pdb.id, sdf.id] });
    expect((await m.files.groups.filesOf(p.owner.auth, [g.id], 'sdf')).map((f) => f.id)).toEqual([sdf.id]);
    expect((await m.files.groups.filesOf(p.owner.auth, [g.id], ' PDB, sdf ')).map((f) => f.id)).toEqual([
      pdb.id,
      sdf.id,
    ]);

    const other = await m.buildProject();
    const theirs = await m.files.groups.add(other.owner.auth, {
      name: 'T',
      project_id: other.id,
      ids: [(await m.buildFile(other)).id],
    });
    await expectAppError(m.files.groups.filesOf(p.owner.auth, [g.id, theirs.id]), 404, 'projectNotFound');
    await expectAppError(m.files.groups.filesOf(p.owner.auth, [g.id, 987_654]), 404, 'groupNotFound');
  });
});
