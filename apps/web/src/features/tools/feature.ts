import { defineFeature } from '../../workspace/registry/feature';
import { ToolGuideMount } from './ToolGuideMount';
import { ToolsButton } from './ToolsButton';

/**
 * Tools (spec §2, §4): the tool window in the slot (?tool= opens it), the header's Tools button
 * with its dialog, and, mounted with the workspace, the floating button that opens the Tool
 * guide, the guide and the no-licence reminder.
 */
export const toolsFeature = defineFeature({
  id: 'tools',
  windows: [
    {
      id: 'tool',
      title: 'workspace:windows.tool',
      place: 'slot',
      load: () => import('./ToolWindow').then((m) => ({ default: m.ToolWindow })),
    },
  ],
  headerTools: [{ id: 'tools', order: 10, component: ToolsButton }],
  mounts: [{ id: 'tool-guide', component: ToolGuideMount }],
});
