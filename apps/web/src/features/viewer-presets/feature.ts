import { defineFeature } from '../../workspace/registry/feature';

/** Med View's structure-preset toolbar item (viewer spec §2). */
export const viewerPresetsFeature = defineFeature({
  id: 'viewer-presets',
  viewerToolbar: [
    {
      id: 'structure-preset',
      slot: 'panel',
      order: 30,
      load: () => import('./StructurePresetButton').then((m) => ({ default: m.StructurePresetButton })),
    },
  ],
});
