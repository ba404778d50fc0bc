import { defineFeature } from '../../workspace/registry/feature';
import { DIAGRAM_WINDOW_ID, OpenDiagramOnEvent } from './OpenDiagramOnEvent';

/**
 * Med View's interactions (issue 12 points 1 and 2): the toolbar's Interaction toggle with its
 * settings popover (viewer spec §2, §4), and the 2D interaction window (spec §2), opened from
 * the Function menu, the Window menu or the Docking Result table (browser event).
 */
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
  windows: [
    {
      id: DIAGRAM_WINDOW_ID,
      title: 'interactions:diagram.window',
      place: 'slot',
      load: () => import('./InteractionDiagramWindow').then((m) => ({ default: m.InteractionDiagramWindow })),
    },
  ],
  functionMenu: [
    { id: 'interaction-diagram', label: 'interactions:diagram.open', order: 30, opens: DIAGRAM_WINDOW_ID },
  ],
  mounts: [{ id: 'open-interaction-diagram-on-event', component: OpenDiagramOnEvent }],
});
