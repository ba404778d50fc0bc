import { loadPlaceholderWindow } from '../../workspace/layout/placeholder-window';
import { defineFeature } from '../../workspace/registry/feature';

/**
 * TransMol (a later issue): its slot window and the TransMol Result window, listed in the Window
 * menu with ?jobType=TRANSMOL_WORKFLOW.
 */
export const transMolFeature = defineFeature({
  id: 'transmol',
  windows: [
    { id: 'transMol', title: 'workspace:windows.transMol', place: 'slot', load: loadPlaceholderWindow },
    {
      id: 'transMolResult',
      title: 'workspace:windows.transMolResult',
      place: 'slot',
      load: loadPlaceholderWindow,
      windowMenu: { order: 60, visible: ({ params }) => params.get('jobType') === 'TRANSMOL_WORKFLOW' },
    },
  ],
});
