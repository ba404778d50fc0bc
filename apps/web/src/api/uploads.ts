import type { UploadCredentials } from '@medx/contract';
import { authHeaders } from './client';

export interface UploadOptions {
  file: File;
  credentials: UploadCredentials;
  projectId: number;
  /** Bytes sent so far and the total, as tus reports them. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

/** Spec §9: up to 3 retries; tus waits these many milliseconds before each. */
export function retryDelays(retries: number): number[] {
  const steps = [1000, 3000, 5000];
  return Array.from({ length: Math.max(0, retries) }, (_, i) => steps[i] ?? 5000);
}

/** The upload id that POST /v1/files takes as file_url: the last path segment of the upload URL. */
export function uploadIdFromUrl(url: string): string {
  const path = url.split(/[?#]/)[0] ?? '';
  const segments = path.split('/').filter(Boolean);
  return decodeURIComponent(segments[segments.length - 1] ?? '');
}

export class UploadError extends Error {
  override name = 'UploadError';
}

const extensionCache = new Map<string, Promise<string[]>>();

/**
 * The tus extensions the endpoint announces (OPTIONS, Tus-Extension), once per page. Parallel
 * parts need 'concatenation'; without it a file goes up in one sequence of chunks.
 */
export function tusExtensions(endpoint: string): Promise<string[]> {
  let known = extensionCache.get(endpoint);
  if (!known) {
    // Transport-level like tus itself (no envelope), so not through the API client.
    known = fetch(endpoint, { method: 'OPTIONS', headers: { 'Tus-Resumable': '1.0.0' } })
      .then((response) =>
        (response.headers.get('Tus-Extension') ?? '')
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
      )
      .catch(() => []);
    extensionCache.set(endpoint, known);
  }
  return known;
}

/** How many parts to send at once: more than one only for a file over one chunk, and only with concatenation. */
export function partsFor(size: number, credentials: UploadCredentials, extensions: readonly string[]): number {
  if (size <= credentials.chunk_size || !extensions.includes('concatenation')) return 1;
  return Math.max(1, credentials.parallel_uploads);
}

/**
 * Sends one file to the server's tus endpoint (GET /v1/files/sts gives the settings) and
 * resolves with its upload id. tus-js-client is loaded on first use. Files larger than one
 * chunk go up in `parallel_uploads` parts when the server can concatenate them.
 */
export async function uploadFile({ file, credentials, projectId, onProgress, signal }: UploadOptions): Promise<string> {
  if (signal?.aborted) throw new UploadError('cancelled');
  const [{ Upload }, extensions] = await Promise.all([import('tus-js-client'), tusExtensions(credentials.endpoint)]);
  return new Promise<string>((resolve, reject) => {
    const parallel = partsFor(file.size, credentials, extensions);
    const upload = new Upload(file, {
      endpoint: credentials.endpoint,
      chunkSize: credentials.chunk_size,
      parallelUploads: parallel,
      retryDelays: retryDelays(credentials.retries),
      headers: { ...authHeaders(), projectId: String(projectId) },
      metadata: { filename: file.name, project_id: String(projectId) },
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => onProgress?.(sent, total),
      onError: (error) => reject(error),
      onSuccess: () => {
        const id = upload.url ? uploadIdFromUrl(upload.url) : '';
        if (id) resolve(id);
        else reject(new UploadError('The upload finished without an address.'));
      },
    });
    signal?.addEventListener('abort', () => {
      void upload.abort(true);
      reject(new UploadError('cancelled'));
    });
    upload.start();
  });
}
