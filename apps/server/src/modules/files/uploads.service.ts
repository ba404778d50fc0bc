import { join } from 'node:path';
import {
  type CreateFileResult,
  type MessageKey,
  normalizeLang,
  translate,
  UPLOAD_POLICY,
  type UploadCredentials,
} from '@medx/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, badRequest, notFound } from '../../http/app-error';
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
/** tus answers in the API's envelope, in the request's language (the import dialog shows msg). */
const tusError = (
  req: Request,
  status_code: number,
  key: MessageKey,
  params?: Record<string, string | number>,
): TusError => ({
  status_code,
  body: JSON.stringify({
    success: false,
    msg: translate(key, normalizeLang(req.headers.get('accept-language')), params),
    data: null,
  }),
});
const tusErrorOf = (req: Request, err: unknown): TusError => {
  if (err instanceof AppError) return tusError(req, err.statusCode, err.key, err.params);
  throw err;
};

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
    const { EVENTS, Server } = await import('@tus/server');
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
          // As S3Storage: checksums only where S3 requires them. The SDK's default streams
          // parts as aws-chunked with a checksum trailer, which S3-compatible stores that
          // predate it (s3rver, older MinIO and Ceph) save with the chunk framing inside.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        },
      });
    } else {
      const { FileStore } = await import('@tus/file-store');
      datastore = new FileStore({ directory: this.options.storageRoot });
    }
    const auth = async (req: Request): Promise<AuthContext> => {
      const token = req.headers.get('token');
      const ctx = token ? await this.sessions.resolve(token) : null;
      if (!ctx) throw tusError(req, 401, 'sessionExpired');
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
          if (!row || row.user_id !== ctx.user.id) throw tusError(req, 404, 'uploadNotFound');
        }
      },
      onUploadCreate: async (req, upload) => {
        const ctx = await auth(req);
        const projectId = Number(upload.metadata?.project_id);
        const filename = String(upload.metadata?.filename ?? '').slice(0, 255);
        if (!Number.isInteger(projectId) || projectId <= 0 || !filename) throw tusError(req, 400, 'fieldRequired');
        // The API's answers: a project the caller cannot see is 404, a read-only one 403.
        await this.access.require(ctx, projectId, 'write').catch((err) => {
          throw tusErrorOf(req, err);
        });
        // The declared length is reserved against the project owner's storage quota until
        // the upload becomes files or is swept (a deferred length reserves the largest upload).
        const length = upload.size ?? this.options.maxUploadBytes;
        await this.writer
          .withRoom(projectId, { userId: ctx.user.id, bytes: length }, () =>
            this.files.insertUpload({
              id: upload.id,
              user_id: ctx.user.id,
              project_id: projectId,
              filename,
              created_at: iso(this.clock.now()),
              upload_length: length,
            }),
          )
          .catch((err) => {
            throw tusErrorOf(req, err);
          });
        return {};
      },
    });
    // A client that cancels terminates its upload (tus DELETE): its record, and with it the
    // reservation against the owner's storage quota, goes too.
    server.on(EVENTS.POST_TERMINATE, (_req, _res, id) => {
      this.files.deleteUpload(id).catch((err) => this.log.warn({ err, id }, 'could not remove a terminated upload'));
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

  /** The length tus recorded for an upload (FileStore: <id>.json, S3Store: <id>.info); null if unknown. */
  private async declaredLength(uploadId: string): Promise<number | null> {
    const info = await this.storage
      .getBuffer(`${uploadId}.json`)
      .catch(() => this.storage.getBuffer(`${uploadId}.info`))
      .catch(() => null);
    if (!info) return null;
    try {
      const size = (JSON.parse(info.toString('utf8')) as { size?: unknown }).size;
      return typeof size === 'number' && Number.isFinite(size) ? size : null;
    } catch {
      return null;
    }
  }

  /**
   * POST /v1/files: turns a finished upload into project entries. An upload not finished
   * yet is refused (409) and left as it is, so the client can resume it; a finished one
   * that is refused is deleted (upload object and record), and nothing is written half.
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
    // The upload's bytes must all be there: a tus upload not yet finished is refused, untouched.
    const [head, declared] = await Promise.all([this.storage.head(uploadId), this.declaredLength(uploadId)]);
    if (!head && declared === null) throw notFound('uploadNotFound');
    const received = head?.size ?? 0;
    if (declared === null || received < declared) {
      throw new AppError(409, 'uploadIncomplete', {
        name: upload.filename,
        received,
        size: declared ?? '?',
      });
    }
    try {
      if (received > this.options.maxUploadBytes) {
        throw badRequest('fileTooLarge', { limit: `${Math.round(this.options.maxUploadBytes / 1024 / 1024)} MB` });
      }
      const ext = (input.ext || extOf(input.name)).replace(/^\./, '').toLowerCase();
      const content = await this.storage.getBuffer(uploadId, this.options.maxUploadBytes);
      const items = await prepareImport(input.name, ext, content);
      // The files take the place of the upload's reservation (an archive may expand beyond it).
      const rows = await this.writer.createMany(
        input.project_id,
        auth.user.id,
        items.map((item) => ({ ...item, isShowEntry: input.is_show_entry })),
        undefined,
        { uploadId },
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
