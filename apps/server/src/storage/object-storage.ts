import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where file contents live: one interface, a local-disk and an S3 implementation, both held to
 * the same contract suite (apps/server/test/storage.test.ts).
 *
 * Keys are relative '/'-separated paths (see validateKey). Prefixes given to list and
 * deletePrefix are folder-like: 'projects/1' and 'projects/1/' both mean everything under
 * 'projects/1/', never 'projects/12/...', so deleting one project cannot touch another.
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /** Stores the whole body or nothing: a failed or interrupted put leaves no object behind. */
  put(key: string, body: Buffer | Readable, options?: PutOptions): Promise<{ size: number }>;
  /** Throws ObjectNotFoundError when the key holds no object. */
  get(key: string): Promise<Readable>;
  /** Throws ObjectNotFoundError, or ObjectTooLargeError when the object is larger than maxBytes. */
  getBuffer(key: string, maxBytes?: number): Promise<Buffer>;
  head(key: string): Promise<ObjectInfo | null>;
  exists(key: string): Promise<boolean>;
  /** Throws ObjectNotFoundError when fromKey holds no object; replaces toKey if it exists. */
  copy(fromKey: string, toKey: string): Promise<void>;
  /** As copy, then removes fromKey. Atomic on local disk; copy-then-delete on S3. */
  move(fromKey: string, toKey: string): Promise<void>;
  /** Idempotent: deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Deletes every object under the folder-like prefix (not ''); returns how many were deleted. */
  deletePrefix(prefix: string): Promise<number>;
  /** Keys under the folder-like prefix ('' for all), sorted. */
  list(prefix: string): Promise<string[]>;
}

export interface PutOptions {
  contentType?: string;
}

export interface ObjectInfo {
  size: number;
  lastModified: Date;
}

export class StorageError extends Error {
  override name = 'StorageError';
}

export class InvalidKeyError extends StorageError {
  override name = 'InvalidKeyError';
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`Invalid storage key ${JSON.stringify(key)}: ${reason}`);
  }
}

export class ObjectNotFoundError extends StorageError {
  override name = 'ObjectNotFoundError';
  constructor(readonly key: string) {
    super(`No object at key ${JSON.stringify(key)}`);
  }
}

export class ObjectTooLargeError extends StorageError {
  override name = 'ObjectTooLargeError';
  constructor(
    readonly key: string,
    readonly maxBytes: number,
  ) {
    super(`Object ${JSON.stringify(key)} is larger than ${maxBytes} bytes`);
  }
}

/**
 * Local disk only: 'a/b' and 'a/b/c' cannot both exist, since 'a/b' would have to be a file and
 * a directory. S3 allows it; keys from objectKey() never collide this way.
 */
export class KeyConflictError extends StorageError {
  override name = 'KeyConflictError';
  constructor(
    readonly key: string,
    options?: ErrorOptions,
  ) {
    super(`Key ${JSON.stringify(key)} conflicts with an existing object or folder on local storage`, options);
  }
}

/** S3's own limit on key length (in bytes; our keys are ASCII, so characters). */
export const MAX_KEY_LENGTH = 1024;
const SEGMENT = /^[A-Za-z0-9._-]+$/;

/** True for a name that can be one segment of a key; used to skip anything else on disk. */
export function isKeySegment(segment: string): boolean {
  return SEGMENT.test(segment) && segment !== '.' && segment !== '..';
}

/**
 * Accepts only relative paths of [A-Za-z0-9._-] segments, so a key can never escape the local
 * root (no '..', no leading '/', no backslash, no NUL) and means the same on disk and on S3.
 */
export function validateKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0) throw new InvalidKeyError(String(key), 'empty');
  if (key.length > MAX_KEY_LENGTH) throw new InvalidKeyError(key, `longer than ${MAX_KEY_LENGTH} characters`);
  for (const segment of key.split('/')) {
    if (segment === '') throw new InvalidKeyError(key, 'empty path segment (leading, trailing or double "/")');
    if (segment === '.' || segment === '..') throw new InvalidKeyError(key, `"${segment}" segment`);
    if (!SEGMENT.test(segment)) throw new InvalidKeyError(key, 'only A-Z a-z 0-9 . _ - and "/" are allowed');
  }
  return key;
}

/** 'a/b' and 'a/b/' become 'a/b/'; '' stays '' (the whole store). */
export function normalizePrefix(prefix: string): string {
  if (prefix === '') return '';
  const trimmed = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  return `${validateKey(trimmed)}/`;
}

const EXTENSION = /^[a-z0-9]{1,12}$/;

/**
 * Names a new object the way uploads are named (spec §9): a random id without dashes plus the
 * extension, under the project's folder, so deletePrefix(`projects/${id}`) removes a project's files.
 */
export function objectKey(projectId: number | string, ext: string): string {
  const project = String(projectId);
  if (typeof projectId === 'number' ? !Number.isSafeInteger(projectId) || projectId < 0 : !isKeySegment(project)) {
    throw new InvalidKeyError(project, 'not a valid project id');
  }
  // A leading dot is tolerated because path.extname() returns one.
  const extension = ext.replace(/^\./, '').toLowerCase();
  if (!EXTENSION.test(extension)) {
    throw new InvalidKeyError(ext, 'file extension must be 1 to 12 letters or digits');
  }
  return validateKey(`projects/${project}/${randomUUID().replaceAll('-', '')}.${extension}`);
}

/** Reads a stream into memory, giving up (and destroying the stream) once it passes maxBytes. */
export async function readAll(stream: Readable, key: string, maxBytes = Number.POSITIVE_INFINITY): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    total += buffer.length;
    // Leaving the loop by throwing destroys the stream, which releases the file or socket.
    if (total > maxBytes) throw new ObjectTooLargeError(key, maxBytes);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, total);
}
