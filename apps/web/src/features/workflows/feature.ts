import { loadPlaceholderWindow } from '../../workspace/layout/placeholder-window';
import { defineFeature } from '../../workspace/registry/feature';

/** Workflows (a later issue): the Workflow slot window, which ?workflow= opens (spec §2). */
export const workflowsFeature = defineFeature({
  id: 'workflows',
  windows: [{ id: 'workflow', title: 'workspace:windows.workflow', place: 'slot', load: loadPlaceholderWindow }],
});
