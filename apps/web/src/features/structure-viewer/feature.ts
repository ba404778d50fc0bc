import { defineFeature } from '../../workspace/registry/feature';

/** The Structure Viewer pane (spec §2); it reads Mol*'s state, so it loads with the viewer's code. */
export const structureViewerFeature = defineFeature({
  id: 'structure-viewer',
  windows: [
    {
      id: 'structureViewer',
      title: 'workspace:windows.structureViewer',
      place: 'pane',
      load: () => import('./StructureViewerWindow'),
      windowMenu: { order: 20 },
    },
  ],
});
