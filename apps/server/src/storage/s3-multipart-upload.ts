// Types only: the SDK itself is imported on first use (s3.storage.ts), so the embedded default
// never loads it.
import type { CompletedPart, S3Client } from '@aws-sdk/client-s3';
import { StorageError } from './object-storage';

export type Sdk = typeof import('@aws-sdk/client-s3');

export interface S3Connection {
  sdk: Sdk;
  client: S3Client;
}

/** Spec §9: two parts in flight at a time. */
const PARALLEL_PARTS = 2;
/** S3's limit; with 10 MiB parts that is objects up to ~100 GB. */
const MAX_PARTS = 10_000;

/** One multipart upload: parts go up two at a time; a failed part fails the whole upload. */
export class MultipartUpload {
  private readonly parts: CompletedPart[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private failure: { error: unknown } | undefined;
  private nextPartNumber = 1;

  private constructor(
    private readonly connection: S3Connection,
    private readonly bucket: string,
    private readonly key: string,
    private readonly uploadId: string,
  ) {}

  static async start(
    connection: S3Connection,
    bucket: string,
    key: string,
    contentType: string | undefined,
  ): Promise<MultipartUpload> {
    const { sdk, client } = connection;
    const out = await client.send(
      new sdk.CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: contentType }),
    );
    if (!out.UploadId) throw new StorageError(`S3 returned no upload id for ${key}`);
    return new MultipartUpload(connection, bucket, key, out.UploadId);
  }

  async add(body: Buffer): Promise<void> {
    while (this.inFlight.size >= PARALLEL_PARTS) await Promise.race(this.inFlight);
    this.throwIfFailed();
    const partNumber = this.nextPartNumber++;
    if (partNumber > MAX_PARTS) throw new StorageError(`Object ${this.key} needs more than ${MAX_PARTS} parts`);
    const { sdk, client } = this.connection;
    // Settles, never rejects: a failure is recorded and raised by the next add or complete,
    // so no rejection goes unhandled while the caller is still reading its stream.
    const task: Promise<void> = client
      .send(
        new sdk.UploadPartCommand({
          Bucket: this.bucket,
          Key: this.key,
          UploadId: this.uploadId,
          PartNumber: partNumber,
          Body: body,
          ContentLength: body.length,
        }),
      )
      .then((out) => {
        if (!out.ETag) throw new StorageError(`S3 returned no ETag for part ${partNumber} of ${this.key}`);
        this.parts.push({ PartNumber: partNumber, ETag: out.ETag });
      })
      .catch((error: unknown) => {
        this.failure ??= { error };
      })
      .finally(() => this.inFlight.delete(task));
    this.inFlight.add(task);
  }

  async complete(): Promise<void> {
    await Promise.all(this.inFlight);
    this.throwIfFailed();
    const { sdk, client } = this.connection;
    const parts = [...this.parts].sort((a, b) => (a.PartNumber ?? 0) - (b.PartNumber ?? 0));
    await client.send(
      new sdk.CompleteMultipartUploadCommand({
        Bucket: this.bucket,
        Key: this.key,
        UploadId: this.uploadId,
        MultipartUpload: { Parts: parts },
      }),
    );
  }

  async abort(): Promise<void> {
    // Parts still in flight would otherwise land after the abort and be stored again.
    await Promise.all(this.inFlight);
    const { sdk, client } = this.connection;
    try {
      await client.send(
        new sdk.AbortMultipartUploadCommand({ Bucket: this.bucket, Key: this.key, UploadId: this.uploadId }),
      );
    } catch {
      // The caller's original error matters more. What is left is billed until a bucket
      // lifecycle rule (AbortIncompleteMultipartUpload) removes it.
    }
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure.error;
  }
}
