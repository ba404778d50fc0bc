import { defineFeature } from '../../workspace/registry/feature';

/** Med View's states toolbar item (viewer spec §2). */
export const viewerStatesFeature = defineFeature({
  id: 'viewer-states',
  viewerToolbar: [
    {
      id: 'states',
      slot: 'panel',
      order: 10,
      load: () => import('./StatesButton').then((m) => ({ default: m.StatesButton })),
    },
  ],
});
