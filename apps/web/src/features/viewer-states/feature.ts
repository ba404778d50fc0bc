import { defineFeature } from '../../workspace/registry/feature';
import { SessionSyncLoader } from './SessionSyncLoader';

/**
 * Med View's states (viewer spec §2 "State panel", §4 "Snapshots" and "Project viewer
 * session"): the States toolbar item, and while a project is open its session sync (which
 * also opens a shared `snapshot-url`).
 */
export const viewerStatesFeature = defineFeature({
  id: 'viewer-states',
  mounts: [{ id: 'viewer-session-sync', component: SessionSyncLoader }],
  viewerToolbar: [
    {
      id: 'states',
      slot: 'panel',
      order: 10,
      load: () => import('./StatesButton').then((m) => ({ default: m.StatesButton })),
    },
  ],
});
