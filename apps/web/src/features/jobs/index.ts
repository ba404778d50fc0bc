/** The jobs feature's public API for other features (everything else in this folder is private). */
export { JobProgress } from './JobProgress';
export { JobResultDialog } from './JobResultDialog';
export { JobStatusTag } from './JobStatusTag';
export { canPrepare, runPreparation } from './prepare';
export { jobsKey, POLL_MS, useJob } from './use-jobs';
