import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ViewerSessionSaved } from '@medx/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, badRequest, notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/request-context';
import { type Clock, iso } from '../../lib/clock';
import { ObjectNotFoundError, type ObjectStorage } from '../../storage/object-storage';
import type { StorageGuard } from '../files/file-records';
import type { ProjectAccess } from '../projects/project-access';
import { viewerPrefix } from './remote-states.service';
import type { ViewerRepository, ViewerSessionRow } from './viewer.repository';

/** The preconditions of a save, as the request's headers state them. */
export interface SavePreconditions {
  ifMatch?: string | undefined;
  ifNoneMatch?: string | undefined;
}

/** An entity tag as a header carries it: '"abc"' (strong). */
export const quoteEtag = (etag: string) => `"${etag}"`;

/**
 * The tags of an If-Match / If-None-Match header: '*' stays '*', quotes and a weak prefix
 * are dropped (the tags are ours: SHA-256 in hex), a list is split on commas.
 */
export function etagsOf(header: string | undefined): string[] {
  if (header === undefined) return [];
  return header
    .split(',')
    .map((part) =>
      part
        .trim()
        .replace(/^W\//, '')
        .replace(/^"(.*)"$/, '$1'),
    )
    .filter((tag) => tag !== '');
}

/** Zip's local-file or (empty archive) end-of-directory signature. */
function isZip(body: Buffer): boolean {
  if (body.length < 4 || body[0] !== 0x50 || body[1] !== 0x4b) return false;
  return (body[2] === 0x03 && body[3] === 0x04) || (body[2] === 0x05 && body[3] === 0x06);
}

/**
 * The project's viewer session default.molx (spec §4 "Project viewer session"): one object and
 * one row per project, versioned by an etag (the SHA-256 of the bytes). A save names the etag it
 * replaces (If-Match) or that there is none yet (If-None-Match: *); a stale one is refused (412),
 * so two tabs never overwrite each other silently. Replacing writes the new object first, swaps
 * the row in a transaction only if it still names the etag the writer saw, then deletes the old
 * object; a failure before the swap deletes the new object and leaves the old session as it was.
 */
export class ViewerSessionService {
  constructor(
    private readonly repo: ViewerRepository,
    private readonly storage: ObjectStorage,
    private readonly access: ProjectAccess,
    private readonly quota: StorageGuard,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** HEAD: the session's row (etag, size, time), or 404. */
  async info(auth: AuthContext, projectId: number): Promise<ViewerSessionRow> {
    await this.access.require(auth, projectId, 'read');
    const row = await this.repo.findSession(projectId);
    if (!row) throw notFound('viewerSessionNotFound');
    return row;
  }

  /** GET: the row and the bytes, or no bytes when the caller holds this etag already (304). */
  async read(
    auth: AuthContext,
    projectId: number,
    ifNoneMatch?: string,
  ): Promise<{ row: ViewerSessionRow; stream: Readable | null }> {
    const row = await this.info(auth, projectId);
    const known = etagsOf(ifNoneMatch);
    if (known.includes(row.etag) || known.includes('*')) return { row, stream: null };
    try {
      return { row, stream: await this.storage.get(row.storage_key) };
    } catch (err) {
      // Replaced between the row's read and the object's: the caller asks again.
      if (err instanceof ObjectNotFoundError) throw new AppError(412, 'viewerSessionStale');
      throw err;
    }
  }

  async save(auth: AuthContext, projectId: number, body: Buffer, pre: SavePreconditions): Promise<ViewerSessionSaved> {
    await this.access.require(auth, projectId, 'write');
    const current = await this.repo.findSession(projectId);
    checkPreconditions(current, pre);
    if (!isZip(body)) throw badRequest('viewerSessionNotZip');

    const etag = createHash('sha256').update(body).digest('hex');
    const key = `${viewerPrefix(projectId)}/session/${randomUUID().replaceAll('-', '')}.molx`;
    const next: ViewerSessionRow = {
      project_id: projectId,
      etag,
      size: body.length,
      storage_key: key,
      updated_at: iso(this.clock.now()),
      updated_by: auth.user.id,
    };
    await this.quota.claim(projectId, { userId: auth.user.id, bytes: body.length }, async () => {
      await this.storage.put(key, body, { contentType: 'application/zip' });
      let swapped: boolean;
      try {
        const { project_id: _project, ...columns } = next;
        swapped = current
          ? await this.repo.swapSession(projectId, current.etag, columns)
          : await this.repo.insertSession(next);
      } catch (err) {
        await this.storage.delete(key).catch(() => {});
        throw err;
      }
      if (!swapped) {
        // Another writer saved between our read and our swap: theirs stays.
        await this.storage.delete(key).catch(() => {});
        throw new AppError(412, 'viewerSessionStale');
      }
    });
    if (current && current.storage_key !== key) {
      await this.storage.delete(current.storage_key).catch((err: unknown) => {
        this.log.warn({ err, key: current.storage_key }, 'viewer: the replaced session object was not deleted');
      });
    }
    return { etag, size: next.size, updated_at: next.updated_at };
  }
}

/** 428 without a precondition, 412 when it does not hold for the stored session. */
function checkPreconditions(current: ViewerSessionRow | undefined, pre: SavePreconditions): void {
  const ifMatch = etagsOf(pre.ifMatch);
  const ifNoneMatch = etagsOf(pre.ifNoneMatch);
  if (ifMatch.length > 0) {
    if (!current || !(ifMatch.includes('*') || ifMatch.includes(current.etag))) {
      throw new AppError(412, 'viewerSessionStale');
    }
    return;
  }
  if (ifNoneMatch.length > 0) {
    if (current && (ifNoneMatch.includes('*') || ifNoneMatch.includes(current.etag))) {
      throw new AppError(412, 'viewerSessionStale');
    }
    // If-None-Match naming other tags while a session exists says nothing about which one it replaces.
    if (current) throw new AppError(428, 'viewerSessionPreconditionRequired');
    return;
  }
  throw new AppError(428, 'viewerSessionPreconditionRequired');
}
