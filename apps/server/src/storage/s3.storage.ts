import { Readable } from 'node:stream';
import {
  InvalidKeyError,
  normalizePrefix,
  type ObjectInfo,
  ObjectNotFoundError,
  type ObjectStorage,
  ObjectTooLargeError,
  type PutOptions,
  readAll,
  StorageError,
  validateKey,
} from './object-storage';
import { MultipartUpload, type S3Connection, type Sdk } from './s3-multipart-upload';

export interface S3StorageConfig {
  bucket: string;
  /** Any S3-compatible server (MinIO, OSS, s3rver); unset → AWS. */
  endpoint?: string;
  /** Unset → 'us-east-1' with a custom endpoint, else the SDK's chain (AWS_REGION, ~/.aws/config). */
  region?: string;
  forcePathStyle?: boolean;
  /** Folder-like key prefix every object is stored under, so several deployments can share a bucket. */
  prefix?: string;
  /** Unset → the SDK's default chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, profiles, roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export interface S3StorageTuning {
  /** Multipart part size; S3 requires at least 5 MiB for every part but the last. */
  partSize?: number;
  /** Keys per ListObjectsV2 page and DeleteObjects batch (S3's maximum is 1000). */
  pageSize?: number;
}

/** Spec §9: uploads go in 10 MB parts. */
export const S3_PART_SIZE = 10 * 1024 * 1024;
const MIN_PART_SIZE = 5 * 1024 * 1024;
const MAX_PAGE_SIZE = 1000;

export class S3Storage implements ObjectStorage {
  readonly kind = 's3' as const;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly partSize: number;
  private readonly pageSize: number;
  private connection: Promise<S3Connection> | undefined;

  constructor(
    private readonly config: S3StorageConfig,
    tuning: S3StorageTuning = {},
  ) {
    this.bucket = config.bucket;
    this.prefix = normalizePrefix(config.prefix ?? '');
    this.partSize = tuning.partSize ?? S3_PART_SIZE;
    this.pageSize = tuning.pageSize ?? MAX_PAGE_SIZE;
    if (this.partSize < MIN_PART_SIZE) throw new StorageError(`S3 part size must be at least ${MIN_PART_SIZE} bytes`);
    if (this.pageSize < 1 || this.pageSize > MAX_PAGE_SIZE) {
      throw new StorageError(`S3 page size must be between 1 and ${MAX_PAGE_SIZE}`);
    }
  }

  async put(key: string, body: Buffer | Readable, options: PutOptions = {}): Promise<{ size: number }> {
    const fullKey = this.fullKey(key);
    if (Buffer.isBuffer(body)) {
      await this.putObject(fullKey, body, options.contentType);
      return { size: body.length };
    }
    return this.putStream(fullKey, body, options.contentType);
  }

  async get(key: string): Promise<Readable> {
    return (await this.getObject(key)).body;
  }

  async getBuffer(key: string, maxBytes?: number): Promise<Buffer> {
    const { body, size } = await this.getObject(key);
    if (maxBytes !== undefined && size !== undefined && size > maxBytes) {
      body.destroy();
      throw new ObjectTooLargeError(key, maxBytes);
    }
    return readAll(body, key, maxBytes);
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const fullKey = this.fullKey(key);
    const { sdk, client } = await this.connect();
    try {
      const out = await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: fullKey }));
      return { size: out.ContentLength ?? 0, lastModified: out.LastModified ?? new Date(0) };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== null;
  }

  async copy(fromKey: string, toKey: string): Promise<void> {
    const source = this.fullKey(fromKey);
    const target = this.fullKey(toKey);
    if (source === target) {
      // S3 refuses to copy an object onto itself; for us that is a no-op.
      if (!(await this.exists(fromKey))) throw new ObjectNotFoundError(fromKey);
      return;
    }
    const { sdk, client } = await this.connect();
    try {
      // CopyObject handles objects up to 5 GB, far beyond any structure or result file.
      await client.send(
        new sdk.CopyObjectCommand({
          Bucket: this.bucket,
          Key: target,
          CopySource: `${this.bucket}/${source.split('/').map(encodeURIComponent).join('/')}`,
        }),
      );
    } catch (err) {
      if (isNotFound(err)) throw new ObjectNotFoundError(fromKey);
      throw err;
    }
  }

  async move(fromKey: string, toKey: string): Promise<void> {
    // S3 has no rename: a reader may briefly see both keys, never neither.
    await this.copy(fromKey, toKey);
    if (this.fullKey(fromKey) !== this.fullKey(toKey)) await this.delete(fromKey);
  }

  async delete(key: string): Promise<void> {
    const fullKey = this.fullKey(key);
    const { sdk, client } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: fullKey }));
  }

  async deletePrefix(prefix: string): Promise<number> {
    const folder = normalizePrefix(prefix);
    if (folder === '') throw new InvalidKeyError(prefix, 'deletePrefix needs a non-empty prefix');
    const { sdk, client } = await this.connect();
    let deleted = 0;
    for await (const keys of this.pages(this.prefix + folder)) {
      if (keys.length === 0) continue;
      const out = await client.send(
        new sdk.DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const errors = out.Errors ?? [];
      if (errors.length > 0) {
        const first = errors[0];
        throw new StorageError(
          `Could not delete ${errors.length} object(s) under ${folder}: ${first?.Key} ${first?.Code} ${first?.Message}`,
        );
      }
      deleted += keys.length;
    }
    return deleted;
  }

  async list(prefix: string): Promise<string[]> {
    const folder = normalizePrefix(prefix);
    const keys: string[] = [];
    for await (const page of this.pages(this.prefix + folder)) {
      for (const fullKey of page) {
        const key = fullKey.slice(this.prefix.length);
        // Objects other tools put in the bucket may have names our API cannot address; skip them.
        if (isValidKey(key)) keys.push(key);
      }
    }
    return keys.sort();
  }

  /** Closes the SDK's sockets; the next call reconnects. */
  async close(): Promise<void> {
    const connection = await this.connection?.catch(() => undefined);
    this.connection = undefined;
    connection?.client.destroy();
  }

  private fullKey(key: string): string {
    return this.prefix + validateKey(key);
  }

  private connect(): Promise<S3Connection> {
    this.connection ??= openConnection(this.config).catch((err: unknown) => {
      this.connection = undefined;
      throw err;
    });
    return this.connection;
  }

  private async putObject(fullKey: string, body: Buffer, contentType: string | undefined): Promise<void> {
    const { sdk, client } = await this.connect();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: fullKey,
        Body: body,
        ContentLength: body.length,
        ContentType: contentType,
      }),
    );
  }

  /**
   * A stream of unknown length: up to one part is buffered and sent as a single PutObject;
   * anything longer becomes a multipart upload, aborted on any failure so nothing is left behind.
   */
  private async putStream(fullKey: string, body: Readable, contentType: string | undefined): Promise<{ size: number }> {
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let size = 0;
    const takePart = (): Buffer => {
      const all = Buffer.concat(pending, pendingBytes);
      const rest = all.subarray(this.partSize);
      pending = rest.length > 0 ? [rest] : [];
      pendingBytes = rest.length;
      return all.subarray(0, this.partSize);
    };

    let upload: MultipartUpload | undefined;
    try {
      for await (const chunk of body) {
        const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
        pending.push(buffer);
        pendingBytes += buffer.length;
        size += buffer.length;
        while (pendingBytes >= this.partSize) {
          upload ??= await MultipartUpload.start(await this.connect(), this.bucket, fullKey, contentType);
          await upload.add(takePart());
        }
      }
      if (!upload) {
        await this.putObject(fullKey, Buffer.concat(pending, pendingBytes), contentType);
        return { size };
      }
      if (pendingBytes > 0) await upload.add(takePart());
      await upload.complete();
      return { size };
    } catch (err) {
      await upload?.abort();
      throw err;
    }
  }

  private async getObject(key: string): Promise<{ body: Readable; size: number | undefined }> {
    const fullKey = this.fullKey(key);
    const { sdk, client } = await this.connect();
    try {
      const out = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: fullKey }));
      if (!(out.Body instanceof Readable)) throw new StorageError(`S3 returned no readable body for ${key}`);
      return { body: out.Body, size: out.ContentLength };
    } catch (err) {
      if (isNotFound(err)) throw new ObjectNotFoundError(key);
      throw err;
    }
  }

  /** Full keys under a full prefix, one ListObjectsV2 page at a time. */
  private async *pages(fullPrefix: string): AsyncGenerator<string[]> {
    const { sdk, client } = await this.connect();
    let token: string | undefined;
    do {
      const out = await client.send(
        new sdk.ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: fullPrefix,
          MaxKeys: this.pageSize,
          ContinuationToken: token,
        }),
      );
      yield (out.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token);
  }
}

async function openConnection(config: S3StorageConfig): Promise<S3Connection> {
  let sdk: Sdk;
  try {
    sdk = await import('@aws-sdk/client-s3');
  } catch (err) {
    throw new StorageError('S3 storage needs the @aws-sdk/client-s3 package', { cause: err });
  }
  const client = new sdk.S3Client({
    region: config.region ?? (config.endpoint ? 'us-east-1' : undefined),
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle ?? false,
    credentials: config.credentials,
    // The SDK's default CRC checksums (2025+) are rejected by several S3-compatible servers;
    // send and check them only where the API requires it.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return { sdk, client };
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  if (e?.name === 'NoSuchBucket') return false;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

function isValidKey(key: string): boolean {
  try {
    validateKey(key);
    return true;
  } catch {
    return false;
  }
}
