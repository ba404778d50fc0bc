import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  EDITABLE_TYPES,
  type FileGroup,
  type FileList,
  type FileType,
  type ProjectFile,
  type UpdateContentResult,
} from '@medx/contract';
import type { FileRow } from '../../db/schema';
import { badRequest, notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/request-context';
import { type Clock, iso } from '../../lib/clock';
import type { ObjectStorage } from '../../storage/object-storage';
import type { Need, ProjectAccess } from '../projects/project-access';
import { entryTree, type FileWriter, toProjectFile } from './file-records';
import type { FilesRepository } from './files.repository';

/** Text content served and accepted by the editor: large enough for big PDB/SDF files. */
export const MAX_TEXT_BYTES = 50 * 1024 * 1024;

export const isEditable = (fileType: string) => (EDITABLE_TYPES as readonly string[]).includes(fileType as FileType);

/** Rules for single files: listing, reading, renaming, hiding, deleting, editing. */
export class FilesService {
  constructor(
    private readonly files: FilesRepository,
    private readonly storage: ObjectStorage,
    private readonly access: ProjectAccess,
    private readonly writer: FileWriter,
    private readonly clock: Clock,
  ) {}

  /** Loads a file the caller may use; a file of a project they can't see does not exist for them. */
  async requireFile(auth: AuthContext, id: number, need: Need): Promise<FileRow> {
    const file = await this.files.findById(id);
    if (!file) throw notFound('fileNotFound');
    await this.access.require(auth, file.project_id, need);
    return file;
  }

  async requireFiles(auth: AuthContext, ids: number[], need: Need): Promise<FileRow[]> {
    const unique = [...new Set(ids)];
    const rows = await this.files.findManyByIds(unique);
    if (rows.length !== unique.length) throw notFound('fileNotFound');
    for (const projectId of new Set(rows.map((r) => r.project_id))) await this.access.require(auth, projectId, need);
    // Keep the caller's order: merges and groups follow it.
    return unique.map((id) => rows.find((r) => r.id === id)!);
  }

  async entries(projectId: number): Promise<(ProjectFile | FileGroup)[]> {
    const [groups, files] = await Promise.all([
      this.files.listGroups(projectId),
      this.files.listByProject(projectId, true),
    ]);
    return entryTree(groups, files);
  }

  async list(
    auth: AuthContext,
    q: {
      project_id: number;
      file_type?: string;
      page: number;
      limit: number;
      query_item?: string;
      order_by: 'created_at' | 'name';
      sort: 'asc' | 'desc';
    },
  ): Promise<FileList> {
    await this.access.require(auth, q.project_id, 'read');
    const fileTypes = q.file_type
      ?.split(',')
      .map((t) => t.trim().toUpperCase())
      .filter(Boolean);
    const { total, items } = await this.files.search({
      projectId: q.project_id,
      fileTypes,
      query: q.query_item || undefined,
      page: q.page,
      limit: q.limit,
      orderBy: q.order_by,
      sort: q.sort,
    });
    return { total, items: items.map(toProjectFile) };
  }

  async get(auth: AuthContext, id: number): Promise<ProjectFile> {
    return toProjectFile(await this.requireFile(auth, id, 'read'));
  }

  async download(auth: AuthContext, id: number): Promise<{ file: FileRow; stream: Readable }> {
    const file = await this.requireFile(auth, id, 'read');
    return { file, stream: await this.storage.get(file.storage_key) };
  }

  async rename(auth: AuthContext, id: number, name: string): Promise<ProjectFile> {
    const file = await this.requireFile(auth, id, 'write');
    const now = iso(this.clock.now());
    await this.files.update(id, { name, updated_at: now });
    return toProjectFile({ ...file, name, updated_at: now });
  }

  async disableEntry(auth: AuthContext, id: number): Promise<void> {
    await this.requireFile(auth, id, 'write');
    await this.files.update(id, { is_show_entry: 0, group_id: null, updated_at: iso(this.clock.now()) });
  }

  async delete(auth: AuthContext, id: number): Promise<void> {
    const file = await this.requireFile(auth, id, 'write');
    await this.files.delete(id);
    await this.files.deleteEmptyGroups(file.project_id);
    // The row goes first: a crash between the two leaves an unreferenced object
    // (swept by housekeeping), never a row pointing at nothing.
    await this.storage.delete(file.storage_key);
  }

  async readText(file: FileRow): Promise<string> {
    const buffer = await this.storage.getBuffer(file.storage_key, MAX_TEXT_BYTES);
    return buffer.toString('utf8');
  }

  async getContent(auth: AuthContext, id: number): Promise<string> {
    const file = await this.requireFile(auth, id, 'read');
    if (!isEditable(file.file_type)) throw badRequest('notEditable');
    return this.readText(file);
  }

  async multiPreload(auth: AuthContext, ids: number[]) {
    const rows = await this.requireFiles(auth, ids, 'read');
    return Promise.all(
      rows.map(async (file) => ({ id: file.id, name: file.name, ext: file.ext, content: await this.readText(file) })),
    );
  }

  /**
   * Saves edited content. GET_PDB files become a new ALIYUN file and the old one is
   * deleted (spec §4), so the caller learns the new id through replaced_id.
   */
  async putContent(auth: AuthContext, id: number, content: string): Promise<UpdateContentResult> {
    const file = await this.requireFile(auth, id, 'write');
    if (!isEditable(file.file_type)) throw badRequest('notEditable');
    if (content.includes('\u0000')) throw badRequest('updateContentFailed');
    const buffer = Buffer.from(content, 'utf8');
    if (file.source_type === 'GET_PDB') {
      const [created] = await this.writer.createMany(
        file.project_id,
        auth.user.id,
        [
          {
            name: file.name,
            ext: file.ext,
            content: buffer,
            groupId: file.group_id,
            isShowEntry: file.is_show_entry === 1,
          },
        ],
        async (tx) => this.files.delete(file.id, tx),
        { freed: Number(file.size) },
      );
      await this.storage.delete(file.storage_key);
      return { file: toProjectFile(created!), replaced_id: file.id };
    }
    // Same key: the storage write is atomic, and the row update only follows success.
    const claim = { userId: auth.user.id, bytes: buffer.length, freed: Number(file.size) };
    return this.writer.withRoom(file.project_id, claim, async () => {
      await this.storage.put(file.storage_key, buffer);
      const now = iso(this.clock.now());
      const sha256 = createHash('sha256').update(buffer).digest('hex');
      await this.files.update(id, { size: buffer.length, sha256, updated_at: now });
      return { file: toProjectFile({ ...file, size: buffer.length, sha256, updated_at: now }), replaced_id: null };
    });
  }
}
