import { TRANSMOL_JOB_TYPE } from '@medx/contract';
import { defineFeature } from '../../workspace/registry/feature';

/**
 * TransMol (spec §2, §4): the TransMol wizard and the TransMol Result window, both in the slot and
 * both opened from the Function menu, as Docking's; TransMol Result is listed in the Window menu
 * with ?jobType=TRANSMOL_WORKFLOW (set by a submit, by the job selector and by the Jobs dialog's Show).
 */
export const transMolFeature = defineFeature({
  id: 'transmol',
  windows: [
    {
      id: 'transMol',
      title: 'workspace:windows.transMol',
      place: 'slot',
      load: () => import('./TransMolWindow').then((m) => ({ default: m.TransMolWindow })),
    },
    {
      id: 'transMolResult',
      title: 'workspace:windows.transMolResult',
      place: 'slot',
      load: () => import('./TransMolResultWindow').then((m) => ({ default: m.TransMolResultWindow })),
      windowMenu: { order: 60, visible: ({ params }) => params.get('jobType') === TRANSMOL_JOB_TYPE },
    },
  ],
  functionMenu: [
    { id: 'transmol', label: 'transmol:function.transMol', order: 22, opens: 'transMol' },
    { id: 'transmol-result', label: 'transmol:function.transMolResult', order: 24, opens: 'transMolResult' },
  ],
});
