import { loadPlaceholderWindow } from '../../workspace/layout/placeholder-window';
import { defineFeature } from '../../workspace/registry/feature';
import { JobResultFromAddress } from './JobResultFromAddress';
import { JobsButton } from './JobsButton';

/**
 * Jobs (spec §2, §4): the header's Jobs button with the running-job counter and its dialog, the
 * Job Result dialog that the address opens, and the Job Result slot window (content to come).
 */
export const jobsFeature = defineFeature({
  id: 'jobs',
  windows: [{ id: 'jobResult', title: 'workspace:windows.jobResult', place: 'slot', load: loadPlaceholderWindow }],
  headerTools: [{ id: 'jobs', order: 20, component: JobsButton }],
  mounts: [{ id: 'job-result-dialog', component: JobResultFromAddress }],
});
