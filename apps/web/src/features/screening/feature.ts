import { SCREENING_JOB_TYPE } from '@medx/contract';
import { defineFeature } from '../../workspace/registry/feature';
import { SCREENING_RESULT_WINDOW } from '../docking';

/**
 * Virtual screening's result (docs/decisions.md "Screening"): the Screening Result window in the
 * slot, opened from the Function menu, by the Docking wizard's "Screen a library" submit and by the
 * Jobs dialog's Show; listed in the Window menu with ?jobType=SCREENING, as Docking Result is
 * with DOCKING. (Screens are submitted from the Docking wizard.)
 */
export const screeningFeature = defineFeature({
  id: 'screening',
  windows: [
    {
      id: SCREENING_RESULT_WINDOW,
      title: 'screening:windows.screeningResult',
      place: 'slot',
      load: () => import('./ScreeningResultWindow').then((m) => ({ default: m.ScreeningResultWindow })),
      windowMenu: { order: 55, visible: ({ params }) => params.get('jobType') === SCREENING_JOB_TYPE },
    },
  ],
  functionMenu: [
    { id: 'screening-result', label: 'screening:function.screeningResult', order: 21, opens: SCREENING_RESULT_WINDOW },
  ],
});
