import { createHash } from 'node:crypto';
import { type FileGroup, fileTypeForExt, type ProjectFile, type SourceType } from '@medx/contract';
import type { FileGroupRow, FileRow } from '../../db/schema';
import { type Clock, iso } from '../../lib/clock';
import { type ObjectStorage, objectKey } from '../../storage/object-storage';
import type { DbOrTx, FilesRepository } from './files.repository';

export function toProjectFile(row: FileRow): ProjectFile {
  return {
    id: row.id,
    name: row.name,
    ext: row.ext,
    file_type: row.file_type,
    source_type: row.source_type,
    size: Number(row.size),
    created_at: row.created_at,
    is_file: true,
    group_id: row.group_id,
    project_id: row.project_id,
    is_show_entry: row.is_show_entry === 1,
    is_job_result: row.is_job_result === 1,
    job_id: row.job_id,
    description: row.description,
    url: `/v1/files/${row.id}/download`,
  };
}

/**
 * The entry list of a project (spec §3): groups with their files and the files outside
 * groups, in creation order; `index` numbers the files 1..n in display order.
 */
export function entryTree(groups: FileGroupRow[], files: FileRow[]): (ProjectFile | FileGroup)[] {
  type Slot = { at: string; id: number; entry: ProjectFile | FileGroup };
  const slots: Slot[] = [];
  for (const group of groups) {
    const children = files.filter((f) => f.group_id === group.id);
    if (children.length === 0) continue;
    slots.push({
      at: group.created_at,
      id: group.id,
      entry: {
        id: group.id,
        name: group.name,
        created_at: group.created_at,
        is_file: false,
        project_id: group.project_id,
        files: children.map(toProjectFile),
      },
    });
  }
  for (const file of files) {
    if (file.group_id === null) slots.push({ at: file.created_at, id: file.id, entry: toProjectFile(file) });
  }
  slots.sort((a, b) => (a.at === b.at ? a.id - b.id : a.at < b.at ? -1 : 1));
  let index = 0;
  return slots.map(({ entry }) => {
    if (entry.is_file) return { ...entry, index: ++index };
    return { ...entry, index, files: entry.files.map((f) => ({ ...f, index: ++index })) };
  });
}

export interface NewContent {
  name: string;
  ext: string;
  content: Buffer;
  sourceType?: SourceType;
  isShowEntry?: boolean;
  groupId?: number | null;
  isJobResult?: boolean;
  jobId?: number | null;
  description?: string | null;
}

/** Bytes an operation is about to store in a project, for the owner's storage quota. */
export interface StorageClaim {
  /** Who stores them (the project's owner, or a member of a shared project). */
  userId: number;
  bytes: number;
  /** Bytes the same operation frees (a file it replaces). */
  freed?: number;
  /** The unfinished upload whose reservation these bytes replace (POST /v1/files). */
  uploadId?: string;
  /** 'keep': stored even beyond the quota (job outputs); the first write beyond it is reported. */
  overQuota?: 'refuse' | 'keep';
  onExceeded?: (usage: { used: number; limit: number }) => Promise<void>;
}

/** The storage quota, as the files module sees it (the quotas module implements it). */
export interface StorageGuard {
  /** Runs `work` if the project's owner has room for the claim; refuses with an AppError otherwise. */
  claim<T>(projectId: number, claim: StorageClaim, work: () => Promise<T>): Promise<T>;
}

const NO_QUOTA: StorageGuard = { claim: (_projectId, _claim, work) => work() };

export type WriteOptions = Omit<StorageClaim, 'userId' | 'bytes'>;

/**
 * Stores contents as new project files: objects first, then the rows in one
 * transaction; if anything fails, the objects already written are deleted, so a
 * failed operation leaves neither rows nor objects behind. Every write is claimed
 * against the project owner's storage quota first (nothing is written when refused).
 */
export class FileWriter {
  constructor(
    private readonly files: FilesRepository,
    private readonly storage: ObjectStorage,
    private readonly clock: Clock,
    private readonly quota: StorageGuard = NO_QUOTA,
  ) {}

  /** Runs a write that bypasses createMany (an edited file's new content) under the quota. */
  withRoom<T>(projectId: number, claim: StorageClaim, work: () => Promise<T>): Promise<T> {
    return this.quota.claim(projectId, claim, work);
  }

  createMany(
    projectId: number,
    userId: number,
    items: NewContent[],
    inTransaction?: (tx: DbOrTx, rows: FileRow[]) => Promise<void>,
    options: WriteOptions = {},
  ): Promise<FileRow[]> {
    const bytes = items.reduce((sum, item) => sum + item.content.length, 0);
    return this.quota.claim(projectId, { ...options, userId, bytes }, () =>
      this.write(projectId, userId, items, inTransaction),
    );
  }

  private async write(
    projectId: number,
    userId: number,
    items: NewContent[],
    inTransaction?: (tx: DbOrTx, rows: FileRow[]) => Promise<void>,
  ): Promise<FileRow[]> {
    const written: string[] = [];
    try {
      const staged: { key: string; item: NewContent; sha: string }[] = [];
      for (const item of items) {
        const key = objectKey(projectId, item.ext);
        await this.storage.put(key, item.content);
        written.push(key);
        staged.push({ key, item, sha: createHash('sha256').update(item.content).digest('hex') });
      }
      const now = iso(this.clock.now());
      return await this.files.db.transaction().execute(async (tx) => {
        const rows: FileRow[] = [];
        for (const { key, item, sha } of staged) {
          rows.push(
            await this.files.insert(
              {
                project_id: projectId,
                group_id: item.groupId ?? null,
                name: item.name,
                ext: item.ext,
                file_type: fileTypeForExt(item.ext),
                source_type: item.sourceType ?? 'ALIYUN',
                storage_key: key,
                size: item.content.length,
                sha256: sha,
                is_show_entry: item.isShowEntry === false ? 0 : 1,
                is_job_result: item.isJobResult ? 1 : 0,
                job_id: item.jobId ?? null,
                description: item.description ?? null,
                created_by: userId,
                created_at: now,
                updated_at: now,
              },
              tx,
            ),
          );
        }
        if (inTransaction) await inTransaction(tx, rows);
        return rows;
      });
    } catch (err) {
      await Promise.allSettled(written.map((key) => this.storage.delete(key)));
      throw err;
    }
  }
}

/** A file name without its extension, for naming derived files. */
export function baseName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}
