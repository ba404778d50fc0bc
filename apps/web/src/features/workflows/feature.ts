import { defineFeature } from '../../workspace/registry/feature';
import { WorkflowLicenceMount } from './workflow-ui';

/**
 * Workflows (spec §2, §4): the workflow window in the slot, which ?workflow= opens (the Function
 * menu's Workflows entries set it), and, mounted with the workspace, the listener that answers a
 * workflow the caller may not use with the no-licence reminder.
 */
export const workflowsFeature = defineFeature({
  id: 'workflows',
  windows: [
    {
      id: 'workflow',
      title: 'workspace:windows.workflow',
      place: 'slot',
      load: () => import('./WorkflowWindow').then((m) => ({ default: m.WorkflowWindow })),
    },
  ],
  mounts: [{ id: 'workflow-licence', component: WorkflowLicenceMount }],
});
