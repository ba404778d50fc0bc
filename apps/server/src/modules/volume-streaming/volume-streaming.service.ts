import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { VOLUME_STREAMING } from '@medx/contract';
import { ccp4Points, MapFormatError } from '../../chem/ccp4';
import type { FileRow } from '../../db/schema';
import { AppError, badRequest } from '../../http/app-error';
import type { AuthContext } from '../../http/request-context';
import {
  WorkerCrashError,
  WorkerPool,
  WorkerPoolBusyError,
  WorkerTimeoutError,
  workerScript,
} from '../../lib/worker-pool';
import type { ObjectStorage } from '../../storage/object-storage';
import type { FilesService } from '../files/files.service';
import type { ProjectAccess } from '../projects/project-access';
import type { BoxQuery, PackOutcome, QueryOutcome } from './volume-server-tasks';

const MAP_EXTS = ['ccp4', 'mrc', 'map'];

let pool: WorkerPool | null = null;
function streamingPool(): WorkerPool {
  pool ??= new WorkerPool({
    name: 'Volume streaming',
    script: workerScript(import.meta.url, 'volume-streaming-worker'),
    timeoutMs: 120_000,
    maxQueue: 16,
  });
  return pool;
}

/**
 * Mol*'s volume server for a project's maps (issue 12 point 7): a map is packed once per content
 * (Mol*'s pack, a worker thread), the .mdb stored beside the project's files
 * (`projects/{id}/volume-server/{fileId}-{sha256}.mdb`, removed with the project), copied to a
 * local cache (`DATA_DIR/cache/volume-server`: Mol*'s queries read a file), queries in the worker too.
 * Reading the project is enough.
 */
export class VolumeStreamingService {
  private readonly packing = new Map<string, Promise<string>>();
  private readonly localCache: string;

  constructor(
    private readonly files: FilesService,
    private readonly access: ProjectAccess,
    private readonly storage: ObjectStorage,
    dataDir: string,
  ) {
    this.localCache = join(dataDir, 'cache', 'volume-server');
  }

  /** Mol*'s header JSON of the map (the client's `${server}/${source}/${id}`). */
  async header(auth: AuthContext, projectId: number, source: string, fileId: number): Promise<string> {
    const { path, file } = await this.packed(auth, projectId, source, fileId);
    const header = await this.run<string | null>('packedHeader', [path, `${source}/${file.id}`]);
    if (!header) throw badRequest('volumeStreamingFailed', { detail: 'unreadable packed map' });
    return header;
  }

  /** BinaryCIF of a Cartesian box or the whole cell at a detail level. */
  async query(auth: AuthContext, projectId: number, source: string, fileId: number, query: BoxQuery): Promise<Buffer> {
    const { path, file } = await this.packed(auth, projectId, source, fileId);
    const outcome = await this.run<QueryOutcome>('queryPacked', [path, `${source}/${file.id}`, query]);
    if (!outcome.ok) throw badRequest('volumeStreamingFailed', { detail: outcome.detail });
    return Buffer.from(outcome.data.buffer, outcome.data.byteOffset, outcome.data.byteLength);
  }

  private async packed(
    auth: AuthContext,
    projectId: number,
    source: string,
    fileId: number,
  ): Promise<{ path: string; file: FileRow }> {
    await this.access.require(auth, projectId, 'read');
    const file = await this.files.requireFile(auth, fileId, 'read');
    if (file.project_id !== projectId) throw badRequest('prepFileNotInProject', { id: fileId });
    if (source !== VOLUME_STREAMING.source) throw new AppError(404, 'volumeStreamingNoSource', { source });
    const ext = file.ext.toLowerCase();
    if (!MAP_EXTS.includes(ext)) {
      throw badRequest('volumeStreamingNotMap', { name: file.name, detail: `.${ext} is not ccp4, mrc or map` });
    }
    if (Number(file.size) > VOLUME_STREAMING.maxMapBytes) throw this.tooLarge(file);
    const name = `${file.id}-${file.sha256}.mdb`;
    const key = `projects/${file.project_id}/volume-server/${name}`;
    const path = join(this.localCache, name);
    if (existsSync(path)) return { path, file };
    let pending = this.packing.get(key);
    if (!pending) {
      pending = this.pack(file, key, path).finally(() => this.packing.delete(key));
      this.packing.set(key, pending);
    }
    return { path: await pending, file };
  }

  private async pack(file: FileRow, key: string, path: string): Promise<string> {
    let mdb: Buffer;
    if (await this.storage.exists(key)) {
      mdb = await this.storage.getBuffer(key);
    } else {
      const map = await this.storage.getBuffer(file.storage_key, VOLUME_STREAMING.maxMapBytes);
      try {
        ccp4Points(map);
      } catch (error) {
        if (error instanceof MapFormatError) {
          throw badRequest('volumeStreamingNotMap', { name: file.name, detail: error.message });
        }
        throw error;
      }
      const outcome = await this.run<PackOutcome>('packMap', [
        new Uint8Array(map.buffer, map.byteOffset, map.byteLength),
      ]);
      if (!outcome.ok) throw badRequest('volumeStreamingNotMap', { name: file.name, detail: outcome.detail });
      mdb = Buffer.from(outcome.mdb.buffer, outcome.mdb.byteOffset, outcome.mdb.byteLength);
      await this.storage.put(key, mdb);
    }
    await mkdir(this.localCache, { recursive: true });
    const partial = `${path}.${randomUUID()}.partial`;
    try {
      await writeFile(partial, mdb);
      await rename(partial, path);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return path;
  }

  private async run<T>(task: string, args: unknown[]): Promise<T> {
    try {
      return await streamingPool().run<T>(task, args);
    } catch (error) {
      if (error instanceof WorkerPoolBusyError) throw new AppError(503, 'serverBusy');
      if (error instanceof WorkerTimeoutError || error instanceof WorkerCrashError) {
        throw badRequest('volumeStreamingFailed', { detail: error.message });
      }
      throw error;
    }
  }

  private tooLarge(file: FileRow): AppError {
    return badRequest('volumeStreamingTooLarge', {
      name: file.name,
      size: Math.round(Number(file.size) / 1e5) / 10,
      max: VOLUME_STREAMING.maxMapBytes / 1024 / 1024,
    });
  }
}
