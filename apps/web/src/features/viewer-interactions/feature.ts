import { defineFeature } from '../../workspace/registry/feature';

/** Med View's interactions toolbar item (viewer spec §2). */
export const viewerInteractionsFeature = defineFeature({
  id: 'viewer-interactions',
  viewerToolbar: [
    {
      id: 'interactions',
      slot: 'interactions',
      order: 10,
      load: () => import('./InteractionToggle').then((m) => ({ default: m.InteractionToggle })),
    },
  ],
});
