import { defineFeature } from '../../workspace/registry/feature';

/**
 * Med View's Apply or Save Structure Preset item (viewer spec §2, §3, §5, §8, §9): Mol*'s
 * structure presets and the custom presets kept in this browser (`medx-custom-presets`).
 */
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
