/**
 * The project session's decisions (viewer spec §4 "Project viewer session"; issue 12 point 5):
 * which copy opens when the project opens, and what a save answered. Pure, tested without a
 * server or IndexedDB.
 *
 * Etags are the SHA-256 of the session's bytes (the server's ETag), so the local cache carries
 * the etag of its own bytes and the etag of the server copy it was last in step with (`base`).
 */

export interface CachedSession {
  /** SHA-256 of the cached bytes. */
  etag: string;
  /** The server copy's etag this cache last loaded or saved; null when it never reached the server. */
  base: string | null;
}

export interface LoadDecision {
  /** Which copy the viewer opens: the server's, the cache's, or none (a new session of the current view). */
  open: 'server' | 'cache' | 'none';
  /** Whether the opened (or new) view must be uploaded: the server has it not. */
  upload: boolean;
  /** Both changed since they last agreed: the server copy (the later save) wins and the user is told. */
  conflict: boolean;
}

/**
 * On load: the newer of the server copy and the cache wins by etag.
 * - neither: a new session is made of the current view and uploaded;
 * - server only: the server copy; cache only: the cache, uploaded;
 * - same bytes: the cache (nothing to download);
 * - the server still has the copy the cache grew from: the cache is newer, opened and uploaded;
 * - the server moved on and the cache has no change of its own: the server is newer;
 * - both moved on: a conflict, the server copy (another tab's later save) wins.
 */
export function decideOnLoad(server: { etag: string } | null, cache: CachedSession | null): LoadDecision {
  if (!server && !cache) return { open: 'none', upload: true, conflict: false };
  if (!server) return { open: 'cache', upload: true, conflict: false };
  if (!cache) return { open: 'server', upload: false, conflict: false };
  if (cache.etag === server.etag) return { open: 'cache', upload: false, conflict: false };
  if (cache.base === server.etag) return { open: 'cache', upload: true, conflict: false };
  const cacheChanged = cache.base === null || cache.etag !== cache.base;
  return { open: 'server', upload: false, conflict: cacheChanged };
}

/** Spec §9: local cache every 5 minutes, cloud sync every 10. */
export const CACHE_EVERY_MS = 5 * 60 * 1000;
export const SYNC_EVERY_MS = 10 * 60 * 1000;

/** A keepalive request (one that outlives the page) may carry at most 64 KiB; a larger session is sent without it. */
export const KEEPALIVE_MAX_BYTES = 60 * 1024;

/** SHA-256 hex of bytes (the server's etag). */
export async function sha256Hex(data: Blob | ArrayBuffer): Promise<string> {
  const bytes = data instanceof Blob ? await data.arrayBuffer() : data;
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
