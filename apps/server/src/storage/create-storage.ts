import { join } from 'node:path';
import { LocalStorage } from './local.storage';
import { InvalidKeyError, normalizePrefix, type ObjectStorage, StorageError } from './object-storage';
import { S3Storage, type S3StorageConfig } from './s3.storage';

export class InvalidStorageUrlError extends StorageError {
  override name = 'InvalidStorageUrlError';
  constructor(reason: string) {
    super(`STORAGE_URL: ${reason} (expected s3://[accessKey:secret@]bucket?endpoint=...&region=...)`);
  }
}

/** Embedded default: files under DATA_DIR/storage. STORAGE_URL=s3://... switches to S3. */
export function createStorage(options: { storageUrl?: string; dataDir: string }): ObjectStorage {
  if (options.storageUrl === undefined || options.storageUrl === '') {
    return new LocalStorage(join(options.dataDir, 'storage'));
  }
  return new S3Storage(parseStorageUrl(options.storageUrl));
}

const QUERY_KEYS = new Set(['endpoint', 'region', 'forcePathStyle', 'prefix']);
// S3's bucket naming rules, minus the legacy upper-case names no new bucket may use.
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9-]{1,64}$/;

/**
 * s3://[accessKey:secret@]bucket?endpoint=<url>&region=<region>&forcePathStyle=true&prefix=<prefix>
 * Credentials are percent-decoded (a secret with '/' or '+' is written %2F, %2B). Messages never
 * repeat the URL, which may hold a secret.
 */
export function parseStorageUrl(url: string): S3StorageConfig {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new InvalidStorageUrlError("not a valid URL (percent-encode '/', ':', '@' in the access key and secret)");
  }
  if (parsed.protocol !== 's3:') {
    throw new InvalidStorageUrlError(`unsupported scheme "${parsed.protocol.replace(/:$/, '')}"; only s3 is supported`);
  }
  // s3: is not a special scheme, so the host keeps its case and a bad name can be reported as is.
  const bucket = parsed.hostname;
  if (bucket === '') throw new InvalidStorageUrlError('the bucket name is missing');
  if (!BUCKET.test(bucket) || bucket.includes('..')) {
    throw new InvalidStorageUrlError(
      `"${bucket}" is not a valid bucket name (3-63 lower-case letters, digits, dots, hyphens)`,
    );
  }
  if (parsed.port !== '') throw new InvalidStorageUrlError('a port belongs in ?endpoint=, not after the bucket');
  if (parsed.pathname !== '' && parsed.pathname !== '/') {
    throw new InvalidStorageUrlError('a key prefix belongs in ?prefix=, not in the path');
  }
  if (parsed.hash !== '') throw new InvalidStorageUrlError('a #fragment is not allowed');

  const params = parsed.searchParams;
  for (const name of params.keys()) {
    if (!QUERY_KEYS.has(name)) {
      throw new InvalidStorageUrlError(`unknown parameter "${name}"; known: ${[...QUERY_KEYS].join(', ')}`);
    }
    if (params.getAll(name).length > 1) throw new InvalidStorageUrlError(`parameter "${name}" is given twice`);
  }

  const config: S3StorageConfig = { bucket, forcePathStyle: parseBoolean(params.get('forcePathStyle')) };
  const endpoint = params.get('endpoint');
  if (endpoint !== null) config.endpoint = parseEndpoint(endpoint);
  const region = params.get('region');
  if (region !== null) {
    if (!REGION.test(region)) throw new InvalidStorageUrlError(`"${region}" is not a valid region`);
    config.region = region;
  }
  const prefix = params.get('prefix');
  if (prefix !== null && prefix !== '') config.prefix = parsePrefix(prefix);
  const credentials = parseCredentials(parsed);
  if (credentials) config.credentials = credentials;
  return config;
}

function parseBoolean(value: string | null): boolean {
  if (value === null || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1' || value === '') return true;
  throw new InvalidStorageUrlError(`forcePathStyle must be true or false, not "${value}"`);
}

function parseEndpoint(value: string): string {
  let endpoint: URL;
  try {
    endpoint = new URL(value);
  } catch {
    throw new InvalidStorageUrlError('endpoint is not a valid URL (e.g. http://127.0.0.1:9000)');
  }
  if (endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:') {
    throw new InvalidStorageUrlError('endpoint must be an http:// or https:// URL');
  }
  if (endpoint.username !== '' || endpoint.password !== '') {
    throw new InvalidStorageUrlError('credentials belong before the bucket (s3://key:secret@bucket), not in endpoint');
  }
  return value.replace(/\/+$/, '');
}

function parsePrefix(value: string): string {
  try {
    return normalizePrefix(value.replace(/^\/+/, ''));
  } catch (err) {
    if (err instanceof InvalidKeyError) {
      throw new InvalidStorageUrlError(`prefix "${value}" is not valid: segments of A-Z a-z 0-9 . _ - separated by /`);
    }
    throw err;
  }
}

function parseCredentials(parsed: URL): S3StorageConfig['credentials'] {
  if (parsed.username === '' && parsed.password === '') return undefined;
  if (parsed.username === '' || parsed.password === '') {
    throw new InvalidStorageUrlError('give both access key and secret (s3://key:secret@bucket), or neither');
  }
  try {
    return {
      accessKeyId: decodeURIComponent(parsed.username),
      secretAccessKey: decodeURIComponent(parsed.password),
    };
  } catch {
    throw new InvalidStorageUrlError('the access key or secret has a malformed %-escape');
  }
}
