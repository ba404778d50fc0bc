import { defineFeature } from '../../workspace/registry/feature';

/** Med View's ccp4 toolbar item (viewer spec §2). */
export const viewerDensityFeature = defineFeature({
  id: 'viewer-density',
  viewerToolbar: [
    {
      id: 'ccp4',
      slot: 'panel',
      order: 20,
      load: () => import('./Ccp4Button').then((m) => ({ default: m.Ccp4Button })),
    },
  ],
});
