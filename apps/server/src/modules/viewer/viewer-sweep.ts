import type { FastifyBaseLogger } from 'fastify';
import type { ObjectStorage } from '../../storage/object-storage';
import type { ViewerRepository } from './viewer.repository';

const BATCH = 500;

/**
 * Removes what projects that are gone left behind (the guest purge deletes projects by
 * cascade; viewer rows have no foreign key to projects so that they outlive them until
 * here): each object first, then its row. Runs when the server starts and every hour.
 */
export class ViewerSweep {
  constructor(
    private readonly repo: ViewerRepository,
    private readonly storage: ObjectStorage,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** How many states and sessions were removed. */
  async run(): Promise<number> {
    let removed = 0;
    for (;;) {
      const states = await this.repo.statesOfGoneProjects(BATCH);
      for (const state of states) await this.storage.delete(state.storage_key);
      await this.repo.deleteStates(states.map((s) => s.id));
      removed += states.length;
      if (states.length < BATCH) break;
    }
    for (;;) {
      const sessions = await this.repo.sessionsOfGoneProjects(BATCH);
      for (const session of sessions) await this.storage.delete(session.storage_key);
      await this.repo.deleteSessions(sessions.map((s) => s.project_id));
      removed += sessions.length;
      if (sessions.length < BATCH) break;
    }
    if (removed > 0) this.log.info({ removed }, 'viewer: removed the states and sessions of deleted projects');
    return removed;
  }
}
