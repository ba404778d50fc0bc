import { loadPlaceholderWindow } from '../../workspace/layout/placeholder-window';
import { defineFeature } from '../../workspace/registry/feature';

/** Tools (a later issue): the Tool slot window, which ?tool= opens (spec §2). */
export const toolsFeature = defineFeature({
  id: 'tools',
  windows: [{ id: 'tool', title: 'workspace:windows.tool', place: 'slot', load: loadPlaceholderWindow }],
});
