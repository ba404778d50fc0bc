import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileRow } from '../../src/db/schema';
import { InvalidKeyError } from '../../src/storage/object-storage';
import { type BuiltProject, SMALL_PDB } from '../support/factories';
import { createMediumContext, type MediumContext } from '../support/medium';

/**
 * FileWriter.createMany: objects first, then every row in one transaction; when anything
 * fails, the objects it wrote are deleted and no row is left. The failures here are real:
 * a foreign-key violation in the database, a failing step inside the transaction, and a
 * key the storage refuses.
 */

let m: MediumContext;
beforeAll(async () => {
  m = await createMediumContext();
});
afterAll(() => m?.close());

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const objects = (project: BuiltProject) => m.storage.list(`projects/${project.id}`);
const rows = (project: BuiltProject) => m.files.repository.listByProject(project.id, false);

/** A project that already holds one file, so failures can be shown to leave it alone. */
async function projectWithAFile(): Promise<{ project: BuiltProject; existing: FileRow }> {
  const project = await m.buildProject();
  const existing = await m.buildFile(project, { name: 'existing.pdb' });
  return { project, existing };
}

describe('FileWriter.createMany', () => {
  it('stores each content as an object under the project and a row that describes it', async () => {
    const project = await m.buildProject();
    const ligand = Buffer.from('ligand\n$$$$\n');
    const table = Buffer.from('name,score\na,-7.1\n');
    const created = await m.files.writer.createMany(project.id, project.owner.user.id, [
      { name: 'l.sdf', ext: 'sdf', content: ligand },
      { name: 't.csv', ext: 'csv', content: table, isShowEntry: false, description: 'scores' },
    ]);

    expect(created.map((r) => [r.name, r.file_type, Number(r.size), r.sha256, r.is_show_entry])).toEqual([
      ['l.sdf', 'SDF', ligand.length, sha256(ligand), 1],
      ['t.csv', 'CSV', table.length, sha256(table), 0],
    ]);
    for (const row of created) {
      expect(row).toMatchObject({
        project_id: project.id,
        created_by: project.owner.user.id,
        created_at: m.clock.now().toISOString(),
        source_type: 'ALIYUN',
        is_job_result: 0,
      });
      expect(row.storage_key).toMatch(new RegExp(`^projects/${project.id}/[0-9a-f]{32}\\.(sdf|csv)$`));
    }
    expect(await m.storage.getBuffer(created[0]!.storage_key)).toEqual(ligand);
    expect(await m.storage.getBuffer(created[1]!.storage_key)).toEqual(table);
    expect((await objects(project)).sort()).toEqual(created.map((r) => r.storage_key).sort());
    expect(await rows(project)).toEqual(created);
  });

  it('has written the objects before the rows, which the transaction step sees', async () => {
    const project = await m.buildProject();
    let seen: { objects: string[]; rowsInTx: number[] } | undefined;
    const created = await m.files.writer.createMany(
      project.id,
      project.owner.user.id,
      [
        { name: 'a.pdb', ext: 'pdb', content: Buffer.from('A') },
        { name: 'b.pdb', ext: 'pdb', content: Buffer.from('B') },
      ],
      async (tx, inserted) => {
        const inTx = await tx.selectFrom('files').select('id').where('project_id', '=', project.id).execute();
        seen = { objects: (await objects(project)).sort(), rowsInTx: inTx.map((r) => r.id).sort() };
        expect(inserted).toHaveLength(2);
      },
    );
    expect(seen).toEqual({
      objects: created.map((r) => r.storage_key).sort(),
      rowsInTx: created.map((r) => r.id).sort(),
    });
  });

  it('leaves no row and no object when a row breaks a constraint (a group that does not exist)', async () => {
    const { project, existing } = await projectWithAFile();
    const before = { rows: await rows(project), objects: await objects(project), all: await m.count('files') };
    await expect(
      m.files.writer.createMany(project.id, project.owner.user.id, [
        { name: 'fine.pdb', ext: 'pdb', content: Buffer.from('fine') },
        { name: 'orphan.pdb', ext: 'pdb', content: Buffer.from('orphan'), groupId: 987_654 },
      ]),
    ).rejects.toThrow(/foreign key/i);
    expect(await rows(project)).toEqual(before.rows);
    expect(await objects(project)).toEqual(before.objects);
    expect(await m.count('files')).toBe(before.all);
    expect((await m.storage.getBuffer(existing.storage_key)).toString()).toBe(SMALL_PDB);
  });

  it('rolls back the transaction step’s own writes too when that step fails', async () => {
    const { project, existing } = await projectWithAFile();
    const before = { rows: await rows(project), objects: await objects(project) };
    await expect(
      m.files.writer.createMany(
        project.id,
        project.owner.user.id,
        [{ name: 'replacement.pdb', ext: 'pdb', content: Buffer.from('new') }],
        async (tx) => {
          // As an edit of a downloaded PDB does: the old row goes in the same transaction...
          await m.files.repository.delete(existing.id, tx);
          // ...and then something fails.
          throw new Error('the step after the delete failed');
        },
      ),
    ).rejects.toThrow('the step after the delete failed');
    expect(await rows(project)).toEqual(before.rows);
    expect(await objects(project)).toEqual(before.objects);
    expect((await m.storage.getBuffer(existing.storage_key)).toString()).toBe(SMALL_PDB);
  });

  it('deletes the objects already written when a later one cannot be stored', async () => {
    const { project } = await projectWithAFile();
    const before = { rows: await rows(project), objects: await objects(project) };
    await expect(
      m.files.writer.createMany(project.id, project.owner.user.id, [
        { name: 'first.pdb', ext: 'pdb', content: Buffer.from('written first') },
        { name: 'second', ext: 'not an extension!', content: Buffer.from('never stored') },
      ]),
    ).rejects.toBeInstanceOf(InvalidKeyError);
    expect(await objects(project)).toEqual(before.objects);
    expect(await rows(project)).toEqual(before.rows);
  });
});
