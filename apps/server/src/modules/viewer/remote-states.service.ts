import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type RemoteStateEntry,
  type RemoteStateUploadQuery,
  VIEWER_LIMITS,
  type ViewerStateServer,
} from '@medx/contract';
import { AppError, badRequest, notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/request-context';
import { type Clock, DAY, iso } from '../../lib/clock';
import { newToken, sha256 } from '../../lib/secrets';
import { ObjectNotFoundError, type ObjectStorage } from '../../storage/object-storage';
import type { StorageGuard } from '../files/file-records';
import type { Need, ProjectAccess } from '../projects/project-access';
import type { ViewerRepository, ViewerStateRow } from './viewer.repository';

/** Runs work one at a time per key (a count and the insert it allows are not interleaved). */
export class KeyedLock {
  private readonly tails = new Map<number, Promise<unknown>>();

  async run<T>(key: number, work: () => Promise<T>): Promise<T> {
    const mine = (this.tails.get(key) ?? Promise.resolve()).catch(() => {}).then(work);
    const tail = mine.catch(() => {});
    this.tails.set(key, tail);
    try {
      return await mine;
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}

/** Where a project's viewer objects live: under the project's folder, beside its files. */
export const viewerPrefix = (projectId: number) => `projects/${projectId}/viewer`;

/** Mol*'s PluginStateSnapshotManager.isStateSnapshot, a little stricter: an object with a timestamp and entries. */
function isStateSnapshot(body: unknown): body is Record<string, unknown> & { timestamp: number; entries: unknown[] } {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  const s = body as Record<string, unknown>;
  return typeof s.timestamp === 'number' && Number.isFinite(s.timestamp) && s.timestamp > 0 && Array.isArray(s.entries);
}

const chars = (text: string) => [...text].length;

function toEntry(
  row: Pick<ViewerStateRow, 'state_id' | 'name' | 'description' | 'created_at' | 'play_on_load'>,
): RemoteStateEntry {
  return {
    id: row.state_id,
    name: row.name,
    description: row.description,
    timestamp: Date.parse(row.created_at),
    isSticky: false,
    playOnLoad: row.play_on_load === 1,
  };
}

/**
 * Mol*'s remote state server (src/servers/plugin-state), per project: GET list, GET get/{id}
 * ({id, name, description, data: snapshot}, which Mol*'s Fetch reads as json.data), GET
 * remove/{id}, POST set?name=&description= with the snapshot as the JSON body. Mol* sends no
 * header, so the address carries an access key: random, stored as SHA-256, per (project, user),
 * issued to a caller who may read the project. Every call checks the holder's rights again
 * (ProjectAccess): a key stops working when its holder loses access, and a READ_ONLY member's
 * key lists and gets but cannot set or remove.
 */
export class RemoteStatesService {
  private readonly uploads = new KeyedLock();

  constructor(
    private readonly repo: ViewerRepository,
    private readonly storage: ObjectStorage,
    private readonly access: ProjectAccess,
    private readonly quota: StorageGuard,
    private readonly clock: Clock,
  ) {}

  /** POST /v1/projects/{id}/viewer/state_server: a new address for the caller (the previous ones stay valid). */
  async issueServer(auth: AuthContext, projectId: number, origin: string): Promise<ViewerStateServer> {
    const { role } = await this.access.require(auth, projectId, 'read');
    const key = newToken();
    const now = this.clock.now();
    const expires = new Date(now.getTime() + VIEWER_LIMITS.stateKeyDays * DAY);
    await this.repo.insertKey({
      project_id: projectId,
      user_id: auth.user.id,
      key_hash: sha256(key),
      created_at: iso(now),
      expires_at: iso(expires),
    });
    await this.repo.pruneKeys(projectId, auth.user.id, VIEWER_LIMITS.stateKeysPerUser, iso(now));
    return {
      server_url: `${origin}/v1/viewer/states/${projectId}/${key}`,
      can_write: role !== 'READ_ONLY',
      expires_at: iso(expires),
    };
  }

  /**
   * The key's holder, with the rights `need` asks for on the project now. A key whose holder
   * can no longer see the project is deleted: access given back later does not revive it.
   */
  private async holder(projectId: number, key: string, need: Need): Promise<AuthContext> {
    const found = await this.repo.keyHolder(projectId, sha256(key), iso(this.clock.now()));
    if (!found) throw notFound('viewerStateKeyInvalid');
    // No session stands behind a key; nothing downstream reads sessionId.
    const auth: AuthContext = { user: found.user, sessionId: 0 };
    try {
      await this.access.require(auth, projectId, need);
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 404) {
        await this.repo.deleteKey(found.keyId);
        throw notFound('viewerStateKeyInvalid');
      }
      throw err;
    }
    return auth;
  }

  async list(projectId: number, key: string): Promise<RemoteStateEntry[]> {
    await this.holder(projectId, key, 'read');
    return (await this.repo.listStates(projectId)).map(toEntry);
  }

  async get(projectId: number, key: string, id: string): Promise<{ stream: Readable; size: number }> {
    await this.holder(projectId, key, 'read');
    const row = await this.repo.findState(projectId, id.toLowerCase());
    if (!row) throw notFound('viewerStateNotFound');
    try {
      return { stream: await this.storage.get(row.storage_key), size: row.size };
    } catch (err) {
      if (err instanceof ObjectNotFoundError) throw notFound('viewerStateNotFound');
      throw err;
    }
  }

  /** The object first, then the row: a failure in between leaves a row a second remove clears. */
  async remove(projectId: number, key: string, id: string): Promise<void> {
    await this.holder(projectId, key, 'write');
    const row = await this.repo.findState(projectId, id.toLowerCase());
    if (!row) throw notFound('viewerStateNotFound');
    await this.storage.delete(row.storage_key);
    await this.repo.deleteState(row.id);
  }

  /**
   * POST set: Mol*'s snapshot (playOnLoad is its playback.isPlaying; a playOnLoad query
   * parameter, which Mol*'s client does not send, overrides it). Stored as Mol*'s server
   * stores it, {id, name, description, data}; the object first, then the row, and the
   * object is deleted again if the row cannot be written.
   */
  async upload(
    projectId: number,
    key: string,
    query: RemoteStateUploadQuery,
    body: unknown,
  ): Promise<RemoteStateEntry> {
    const auth = await this.holder(projectId, key, 'write');
    const now = this.clock.now();
    // Mol*'s server names an unnamed state by the time (29 characters).
    const name = query.name?.trim() || now.toUTCString();
    if (chars(name) > VIEWER_LIMITS.stateNameMax) {
      throw badRequest('viewerStateNameTooLong', { max: VIEWER_LIMITS.stateNameMax });
    }
    const description = query.description?.trim() ?? '';
    if (chars(description) > VIEWER_LIMITS.stateDescriptionMax) {
      throw badRequest('viewerStateDescriptionTooLong', { max: VIEWER_LIMITS.stateDescriptionMax });
    }
    if (!isStateSnapshot(body)) throw badRequest('viewerStateInvalid');
    const playback = body.playback !== null && typeof body.playback === 'object' ? body.playback : {};
    const fromQuery =
      query.playOnLoad === undefined ? undefined : query.playOnLoad === 'true' || query.playOnLoad === '1';
    const playOnLoad = fromQuery ?? (playback as { isPlaying?: unknown }).isPlaying === true;
    const data = fromQuery === undefined ? body : { ...body, playback: { ...playback, isPlaying: fromQuery } };

    const id = randomUUID();
    const content = Buffer.from(JSON.stringify({ id, name, description, data }), 'utf8');
    const storageKey = `${viewerPrefix(projectId)}/states/${id}.json`;
    return this.uploads.run(projectId, async () => {
      if ((await this.repo.countStates(projectId)) >= VIEWER_LIMITS.statesPerProjectMax) {
        throw new AppError(409, 'viewerStatesFull', { max: VIEWER_LIMITS.statesPerProjectMax });
      }
      return this.quota.claim(projectId, { userId: auth.user.id, bytes: content.length }, async () => {
        await this.storage.put(storageKey, content, { contentType: 'application/json' });
        const row = {
          state_id: id,
          project_id: projectId,
          created_by: auth.user.id,
          name,
          description,
          play_on_load: playOnLoad ? 1 : 0,
          size: content.length,
          storage_key: storageKey,
          created_at: iso(now),
        };
        try {
          await this.repo.insertState(row);
        } catch (err) {
          await this.storage.delete(storageKey).catch(() => {});
          throw err;
        }
        return toEntry(row);
      });
    });
  }
}

/** Whole megabytes, for the limits' messages ('50 MB'). */
export const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
