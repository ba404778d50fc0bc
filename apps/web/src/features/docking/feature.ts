import { DOCKING_JOB_TYPE } from '@medx/contract';
import { defineFeature } from '../../workspace/registry/feature';
import { OpenWizardOnEvent } from './OpenWizardOnEvent';

/**
 * Docking (spec §4): the Docking wizard and the Docking Result window, both in the slot and both
 * opened from the Function menu; Docking Result is listed in the Window menu with ?jobType=DOCKING.
 */
export const dockingFeature = defineFeature({
  id: 'docking',
  windows: [
    {
      id: 'docking',
      title: 'workspace:windows.docking',
      place: 'slot',
      load: () => import('./DockingWindow').then((m) => ({ default: m.DockingWindow })),
    },
    {
      id: 'dockingResult',
      title: 'workspace:windows.dockingResult',
      place: 'slot',
      load: () => import('./DockingResultWindow').then((m) => ({ default: m.DockingResultWindow })),
      windowMenu: { order: 50, visible: ({ params }) => params.get('jobType') === DOCKING_JOB_TYPE },
    },
  ],
  functionMenu: [
    { id: 'docking', label: 'docking:function.docking', order: 10, opens: 'docking' },
    { id: 'docking-result', label: 'docking:function.dockingResult', order: 20, opens: 'dockingResult' },
  ],
  mounts: [{ id: 'open-docking-wizard-on-event', component: OpenWizardOnEvent }],
});
