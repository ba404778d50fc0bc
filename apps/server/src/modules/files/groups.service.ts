import type { FileGroup, ProjectFile } from '@medx/contract';
import type { FileGroupRow } from '../../db/schema';
import { badRequest, notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/request-context';
import { type Clock, iso } from '../../lib/clock';
import type { Need, ProjectAccess } from '../projects/project-access';
import { toProjectFile } from './file-records';
import type { FilesRepository } from './files.repository';
import type { FilesService } from './files.service';

/** File groups (spec §4 Groups): add, rename, ungroup, drop, list. */
export class GroupsService {
  constructor(
    private readonly files: FilesRepository,
    private readonly fileRules: FilesService,
    private readonly access: ProjectAccess,
    private readonly clock: Clock,
  ) {}

  private async requireGroup(auth: AuthContext, id: number, need: Need): Promise<FileGroupRow> {
    const group = await this.files.findGroup(id);
    if (!group) throw notFound('groupNotFound');
    await this.access.require(auth, group.project_id, need);
    return group;
  }

  private async withFiles(group: FileGroupRow): Promise<FileGroup> {
    const files = await this.files.listByGroups([group.id]);
    return {
      id: group.id,
      name: group.name,
      created_at: group.created_at,
      is_file: false,
      project_id: group.project_id,
      files: files.map(toProjectFile),
    };
  }

  async list(auth: AuthContext, projectId: number): Promise<FileGroup[]> {
    await this.access.require(auth, projectId, 'read');
    const groups = await this.files.listGroups(projectId);
    return Promise.all(groups.map((g) => this.withFiles(g)));
  }

  /**
   * Groups files: a multi-selection, or one file that is not in a group yet (spec §4).
   * Files move out of their old groups; groups left empty disappear.
   */
  async add(auth: AuthContext, input: { name: string; project_id: number; ids: number[] }): Promise<FileGroup> {
    await this.access.require(auth, input.project_id, 'write');
    const rows = await this.fileRules.requireFiles(auth, input.ids, 'write');
    if (rows.some((r) => r.project_id !== input.project_id)) throw notFound('fileNotFound');
    if (rows.length === 1 && rows[0]!.group_id !== null) throw badRequest('selectTwoFiles');
    const group = await this.files.db.transaction().execute(async (tx) => {
      const created = await this.files.insertGroup(input.project_id, input.name, iso(this.clock.now()), tx);
      await this.files.setGroup(
        rows.map((r) => r.id),
        created.id,
        tx,
      );
      await this.files.deleteEmptyGroups(input.project_id, tx);
      return created;
    });
    return this.withFiles(group);
  }

  async rename(auth: AuthContext, id: number, name: string): Promise<FileGroup> {
    const group = await this.requireGroup(auth, id, 'write');
    await this.files.renameGroup(id, name);
    return this.withFiles({ ...group, name });
  }

  /** UnGroup: the files stay, the group goes. */
  async ungroup(auth: AuthContext, id: number): Promise<void> {
    await this.requireGroup(auth, id, 'write');
    await this.files.db.transaction().execute(async (tx) => {
      const members = await tx.selectFrom('files').select('id').where('group_id', '=', id).execute();
      await this.files.setGroup(
        members.map((m) => m.id),
        null,
        tx,
      );
      await this.files.deleteGroup(id, tx);
    });
  }

  /**
   * Delete Group: removes the group and hides its files from the entry list (spec §4).
   * The files themselves are kept (the file picker still finds them): nothing is lost
   * by a click on a group.
   */
  async drop(auth: AuthContext, id: number): Promise<void> {
    await this.requireGroup(auth, id, 'write');
    await this.files.db.transaction().execute(async (tx) => {
      await this.files.ungroupAndHide(id, tx);
      await this.files.deleteGroup(id, tx);
    });
  }

  async filesOf(auth: AuthContext, groupIds: number[], fileType?: string): Promise<ProjectFile[]> {
    const groups = await this.files.findGroups([...new Set(groupIds)]);
    if (groups.length !== new Set(groupIds).size) throw notFound('groupNotFound');
    for (const projectId of new Set(groups.map((g) => g.project_id)))
      await this.access.require(auth, projectId, 'read');
    const types = fileType
      ?.split(',')
      .map((t) => t.trim().toUpperCase())
      .filter(Boolean);
    return (await this.files.listByGroups(groupIds, types)).map(toProjectFile);
  }
}
