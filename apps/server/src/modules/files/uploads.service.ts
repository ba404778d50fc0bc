import { join } from 'node:path';
import { type CreateFileResult, UPLOAD_POLICY, type UploadCredentials } from '@medx/contract';
import type { FastifyBaseLogger } from 'fastify';
import { badRequest, notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/request-context';
import { type Clock, HOUR, iso } from '../../lib/clock';
import type { ObjectStorage } from '../../storage/object-storage';
import type { ProjectAccess } from '../projects/project-access';
import type { SessionService } from '../users/session.service';
import { type FileWriter, toProjectFile } from './file-records';
import type { FilesRepository } from './files.repository';
import { extOf, prepareImport } from './import-rules';

/** Upload ids are ours (not the tus default) so they are easy to validate everywhere. */
const UPLOAD_ID = /^up[0-9a-f]{32}$/;

export interface TusHandle {
  handle(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse): Promise<void>;
}

interface TusError {
  status_code: number;
  body: string;
}
const tusError = (status_code: number, body: string): TusError => ({ status_code, body });

/**
 * Browser uploads go through tus (resumable, chunked) into the same object storage
 * the files live in: an upload is the object `<upload id>`; creating the entry checks
 * it, then moves it under `projects/<id>/`.
 */
export class UploadsService {
  private tus: TusHandle | null = null;

  constructor(
    private readonly files: FilesRepository,
    private readonly storage: ObjectStorage,
    private readonly access: ProjectAccess,
    private readonly sessions: SessionService,
    private readonly writer: FileWriter,
    private readonly clock: Clock,
    private readonly options: { maxUploadBytes: number; storageRoot: string; storageUrl?: string },
    private readonly log: FastifyBaseLogger,
  ) {}

  credentials(projectId: number | null): UploadCredentials {
    return {
      protocol: 'tus',
      endpoint: '/v1/uploads',
      chunk_size: UPLOAD_POLICY.chunkSize,
      parallel_uploads: UPLOAD_POLICY.parallelUploads,
      retries: UPLOAD_POLICY.retries,
      max_size: this.options.maxUploadBytes,
      refresh_seconds: UPLOAD_POLICY.refreshSeconds,
      project_id: projectId,
    };
  }

  async credentialsFor(auth: AuthContext, projectId: number): Promise<UploadCredentials> {
    await this.access.require(auth, projectId, 'write');
    return this.credentials(projectId);
  }

  /** The tus server, built on first use so the embedded default loads no S3 code. */
  async tusServer(): Promise<TusHandle> {
    if (this.tus) return this.tus;
    const { Server } = await import('@tus/server');
    const { randomBytes } = await import('node:crypto');
    let datastore: import('@tus/server').DataStore;
    if (this.options.storageUrl) {
      const { S3Store } = await import('@tus/s3-store');
      const { parseStorageUrl } = await import('../../storage/create-storage');
      const s3 = parseStorageUrl(this.options.storageUrl);
      datastore = new S3Store({
        partSize: UPLOAD_POLICY.chunkSize,
        s3ClientConfig: {
          bucket: s3.bucket,
          region: s3.region,
          endpoint: s3.endpoint,
          forcePathStyle: s3.forcePathStyle,
          ...(s3.credentials ? { credentials: s3.credentials } : {}),
        },
      });
    } else {
      const { FileStore } = await import('@tus/file-store');
      datastore = new FileStore({ directory: this.options.storageRoot });
    }
    const auth = async (req: Request): Promise<AuthContext> => {
      const token = req.headers.get('token');
      const ctx = token ? await this.sessions.resolve(token) : null;
      if (!ctx) throw tusError(401, 'sessionExpired');
      return ctx;
    };
    const server = new Server({
      path: '/v1/uploads',
      datastore,
      maxSize: this.options.maxUploadBytes,
      respectForwardedHeaders: true,
      relativeLocation: true,
      namingFunction: () => `up${randomBytes(16).toString('hex')}`,
      getFileIdFromRequest: (_req, lastPath) => (lastPath && UPLOAD_ID.test(lastPath) ? lastPath : undefined),
      onIncomingRequest: async (req, uploadId) => {
        const ctx = await auth(req);
        // A POST names the id it is about to create; every other call must be on the caller's own upload.
        if (req.method !== 'POST' && uploadId && UPLOAD_ID.test(uploadId)) {
          const row = await this.files.findUpload(uploadId);
          if (!row || row.user_id !== ctx.user.id) throw tusError(404, 'uploadNotFound');
        }
      },
      onUploadCreate: async (req, upload) => {
        const ctx = await auth(req);
        const projectId = Number(upload.metadata?.project_id);
        const filename = String(upload.metadata?.filename ?? '').slice(0, 255);
        if (!Number.isInteger(projectId) || projectId <= 0 || !filename) throw tusError(400, 'fieldRequired');
        try {
          await this.access.require(ctx, projectId, 'write');
        } catch {
          throw tusError(403, 'forbidden');
        }
        await this.files.insertUpload({
          id: upload.id,
          user_id: ctx.user.id,
          project_id: projectId,
          filename,
          created_at: iso(this.clock.now()),
        });
        return {};
      },
    });
    this.tus = server;
    return server;
  }

  private async discard(uploadId: string): Promise<void> {
    await Promise.allSettled([
      this.storage.delete(uploadId),
      this.storage.delete(`${uploadId}.json`),
      this.storage.delete(`${uploadId}.info`),
      this.files.deleteUpload(uploadId),
    ]);
  }

  /**
   * POST /v1/files: turns a finished upload into project entries. Whatever is refused
   * is deleted (upload object and record), and nothing is written half.
   */
  async createFromUpload(
    auth: AuthContext,
    input: { name: string; project_id: number; file_url: string; ext: string; is_show_entry: boolean },
  ): Promise<CreateFileResult> {
    await this.access.require(auth, input.project_id, 'write');
    const uploadId = input.file_url.split('/').pop() ?? '';
    const upload = UPLOAD_ID.test(uploadId) ? await this.files.findUpload(uploadId) : undefined;
    if (!upload || upload.user_id !== auth.user.id || upload.project_id !== input.project_id) {
      throw notFound('uploadNotFound');
    }
    const head = await this.storage.head(uploadId);
    if (!head) throw notFound('uploadNotFound');
    try {
      if (head.size > this.options.maxUploadBytes) {
        throw badRequest('fileTooLarge', { limit: `${Math.round(this.options.maxUploadBytes / 1024 / 1024)} MB` });
      }
      // The upload's bytes must all be there: a tus upload not yet finished is refused.
      const info = await this.storage
        .getBuffer(`${uploadId}.json`)
        .catch(() => this.storage.getBuffer(`${uploadId}.info`));
      const declared = Number(JSON.parse(info.toString('utf8')).size);
      if (Number.isFinite(declared) && declared !== head.size) throw notFound('uploadNotFound');
      const ext = (input.ext || extOf(input.name)).replace(/^\./, '').toLowerCase();
      const content = await this.storage.getBuffer(uploadId, this.options.maxUploadBytes);
      const items = await prepareImport(input.name, ext, content);
      const rows = await this.writer.createMany(
        input.project_id,
        auth.user.id,
        items.map((item) => ({ ...item, isShowEntry: input.is_show_entry })),
      );
      const first = rows[0]!;
      return { id: first.id, name: first.name, ext: first.ext, files: rows.map(toProjectFile) };
    } finally {
      await this.discard(uploadId);
    }
  }

  /** Uploads nobody turned into files within a day are removed. */
  async sweepStale(): Promise<number> {
    const stale = await this.files.uploadsOlderThan(iso(new Date(this.clock.now().getTime() - 24 * HOUR)));
    for (const upload of stale) await this.discard(upload.id);
    if (stale.length) this.log.info({ count: stale.length }, 'removed stale uploads');
    return stale.length;
  }
}

export const storageRootOf = (dataDir: string) => join(dataDir, 'storage');
