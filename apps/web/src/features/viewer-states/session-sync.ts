import type { PluginContext } from 'molstar/lib/mol-plugin/context';
import { viewerStatesApi } from '../../api/viewer-states';
import { ensureDefaultEntry, openStateFile, serializeState } from './molstar-states';
import { readCachedSession, writeCachedSession } from './session-cache';
import type { StatesProject } from './states-context';
import { decideOnLoad, KEEPALIVE_MAX_BYTES, sha256Hex } from './sync-decision';

export interface SyncNotices {
  /** 'Sync medx-mol viewer failed!' */
  failed: (detail: string) => void;
  /** Another tab saved since this one loaded: load theirs (true) or keep this view (false). */
  conflict: () => Promise<boolean>;
  /** On load, both this browser's cache and the server changed: the server copy was opened. */
  conflictOnLoad: () => void;
  /** The saved session could not be opened (corrupt): the viewer goes on with the current view. */
  unreadable: () => void;
  status: (sync: StatesProject['sync'], syncedAt: number | null) => void;
}

const SESSION_NAME = 'default.molx';

/**
 * The project's viewer session (viewer spec §4; docs/decisions.md "Viewer states and
 * sessions"): on load the newer of the server copy and the IndexedDB cache wins by etag;
 * the cache is written every 5 minutes, the server copy every 10 and when the page is left.
 * Saves carry If-Match with the etag this tab holds, so two tabs never overwrite each other
 * silently: the later save answers 412 and its tab asks the user.
 */
export class SessionSync {
  /** The server copy's etag this tab is in step with. */
  private base: string | null = null;
  private running: Promise<void> | null = null;
  private disposed = false;
  private loaded = false;

  constructor(
    private readonly plugin: PluginContext,
    private readonly projectId: number,
    private readonly readOnly: boolean,
    private readonly notices: SyncNotices,
  ) {}

  dispose(): void {
    this.disposed = true;
  }

  /** Opens the newer of the server copy and the cache; uploads when the server lacks the view. */
  async load(): Promise<void> {
    let server: { etag: string } | null = null;
    let serverKnown = true;
    try {
      const etag = await viewerStatesApi.sessionEtag(this.projectId);
      server = etag ? { etag } : null;
    } catch (error) {
      serverKnown = false;
      this.notices.failed(String(error));
    }
    const cache = await readCachedSession(this.projectId).catch(() => null);
    if (this.disposed) return;
    const decision = serverKnown
      ? decideOnLoad(server, cache)
      : { open: cache ? ('cache' as const) : ('none' as const), upload: false, conflict: false };
    try {
      if (decision.open === 'server') {
        const got = await viewerStatesApi.sessionGet(this.projectId);
        if (got && !this.disposed) {
          await openStateFile(this.plugin, new File([got.data], SESSION_NAME));
          this.base = got.etag;
          await this.cache(got.data, got.etag).catch(() => undefined);
        }
      } else if (decision.open === 'cache' && cache) {
        await openStateFile(this.plugin, new File([cache.data], SESSION_NAME));
        this.base = server?.etag === cache.etag ? cache.etag : cache.base;
      }
    } catch {
      this.notices.unreadable();
      this.base = server?.etag ?? null;
    }
    if (this.disposed) return;
    ensureDefaultEntry(this.plugin);
    this.loaded = true;
    if (decision.conflict) this.notices.conflictOnLoad();
    this.notices.status('idle', null);
    if (decision.upload) await this.sync();
  }

  private async cache(data: Blob, base: string | null): Promise<void> {
    await writeCachedSession({
      projectId: this.projectId,
      data,
      etag: await sha256Hex(data),
      base,
      savedAt: Date.now(),
    });
  }

  /** Every 5 minutes: the current view into this browser's cache. */
  async cacheNow(): Promise<void> {
    if (!this.loaded || this.disposed) return;
    const data = await serializeState(this.plugin, 'molx');
    await this.cache(data, this.base);
  }

  /** Leaving the page or the project: the last save (the cache only, for a READ_ONLY member). */
  leave(): void {
    if (this.readOnly) void this.cacheNow().catch(() => undefined);
    else void this.sync(true);
  }

  /** Every 10 minutes, on leaving and on demand: the current view to the server (one at a time). */
  sync(leaving = false): Promise<void> {
    if (!this.loaded || this.readOnly) return Promise.resolve();
    if (this.running) return this.running;
    this.running = this.syncOnce(leaving).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async syncOnce(leaving: boolean): Promise<void> {
    this.notices.status('syncing', null);
    let data: Blob;
    try {
      data = await serializeState(this.plugin, 'molx');
    } catch (error) {
      this.notices.status('failed', null);
      if (!leaving) this.notices.failed(String(error));
      return;
    }
    // The cache gets the same bytes first (not awaited: a page being left may not wait), so a
    // cache and a server copy written from one save never look like a conflict on the next load.
    void this.cache(data, this.base).catch(() => undefined);
    const put = await viewerStatesApi.sessionPut(
      this.projectId,
      data,
      this.base,
      leaving && data.size <= KEEPALIVE_MAX_BYTES,
    );
    if (put.kind === 'saved') {
      this.base = put.etag;
      await this.cache(data, put.etag).catch(() => undefined);
      this.notices.status('synced', Date.now());
      return;
    }
    if (put.kind === 'failed') {
      this.notices.status('failed', null);
      if (!leaving) this.notices.failed(put.message);
      return;
    }
    this.notices.status('conflict', null);
    if (leaving || this.disposed) return;
    const loadTheirs = await this.notices.conflict();
    if (loadTheirs) {
      await this.openServerCopy();
    } else {
      // Keep this tab's view: it becomes the later save.
      this.base = await viewerStatesApi.sessionEtag(this.projectId).catch(() => this.base);
      const again = await viewerStatesApi.sessionPut(this.projectId, data, this.base);
      if (again.kind === 'saved') {
        this.base = again.etag;
        await this.cache(data, again.etag).catch(() => undefined);
        this.notices.status('synced', Date.now());
      } else {
        this.notices.status('failed', null);
        this.notices.failed(again.message);
      }
    }
  }

  private async openServerCopy(): Promise<void> {
    try {
      const got = await viewerStatesApi.sessionGet(this.projectId);
      if (!got) return;
      await openStateFile(this.plugin, new File([got.data], SESSION_NAME));
      ensureDefaultEntry(this.plugin);
      this.base = got.etag;
      await this.cache(got.data, got.etag).catch(() => undefined);
      this.notices.status('synced', Date.now());
    } catch (error) {
      this.notices.status('failed', null);
      this.notices.failed(String(error));
    }
  }
}
