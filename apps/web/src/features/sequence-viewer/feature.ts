import { defineFeature } from '../../workspace/registry/feature';

/** The Sequence Viewer pane (spec §2); it reads Mol*'s state, so it loads with the viewer's code. */
export const sequenceViewerFeature = defineFeature({
  id: 'sequence-viewer',
  windows: [
    {
      id: 'sequenceViewer',
      title: 'workspace:windows.sequenceViewer',
      place: 'pane',
      load: () => import('./SequenceViewerWindow'),
      windowMenu: { order: 30 },
    },
  ],
});
