import { HOUR } from '../../lib/clock';
import { defineFeature } from '../../platform';
import { RemoteStatesService } from './remote-states.service';
import { ViewerRepository } from './viewer.repository';
import { projectViewerRoutes, remoteStateRoutes } from './viewer.routes';
import { ViewerSessionService } from './viewer-session.service';
import { ViewerSweep } from './viewer-sweep';

/**
 * Med View on the server (issue 12 points 4 and 5): Mol*'s remote state server per project
 * (/v1/viewer/states/{projectId}/{key}/...), the address it is reached by, and the project's
 * viewer session default.molx with etags (/v1/projects/{id}/viewer/...).
 */
export const viewerFeature = defineFeature({
  name: 'viewer',
  setup: ({ config, db, storage, access, quotas, clock, log, jobs }) => {
    const repository = new ViewerRepository(db.kysely);
    const states = new RemoteStatesService(repository, storage, access, quotas, clock);
    const sessions = new ViewerSessionService(repository, storage, access, quotas, clock, log);
    const sweep = new ViewerSweep(repository, storage, log);
    let timer: NodeJS.Timeout | null = null;
    const sweepNow = () =>
      void sweep.run().catch((err: unknown) => log.error({ err }, 'viewer: the sweep of deleted projects failed'));
    // The server runs (serve starts the job runner): sweep now and every hour.
    jobs.onStarted(() => {
      sweepNow();
      timer ??= setInterval(sweepNow, HOUR);
      timer.unref();
    });
    return {
      routes: [
        {
          prefix: '/v1/projects',
          plugin: async (app, options) => {
            app.addHook('onClose', async () => {
              if (timer) clearInterval(timer);
              timer = null;
            });
            await projectViewerRoutes(states, sessions, config)(app, options);
          },
        },
        { prefix: '/v1/viewer/states', plugin: remoteStateRoutes(states) },
      ],
    };
  },
});
