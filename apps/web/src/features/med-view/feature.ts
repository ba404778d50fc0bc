import { defineFeature } from '../../workspace/registry/feature';
import { MedViewWindow } from './MedViewWindow';

/** Med View (spec §2): the 3D viewer's pane. It is listed in the Window menu only while hidden. */
export const medViewFeature = defineFeature({
  id: 'med-view',
  windows: [
    {
      id: 'medView',
      title: 'workspace:windows.medView',
      place: 'pane',
      // The window itself is a small shell; Mol* inside it loads on demand (LazyMedView).
      component: MedViewWindow,
      windowMenu: { order: 70, visible: ({ isShown }) => !isShown('medView') },
    },
  ],
});
