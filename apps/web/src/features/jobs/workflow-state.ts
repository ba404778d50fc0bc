import type { WorkflowJob } from '@medx/contract';
import type { workflowStateLabel } from './job-status';

/**
 * The Jobs dialog's Workflow tab, pure (spec §4 Workflow job state): NEW is shown as New
 * (processing), SCHEDULED as Scheduled (success), STOPPED as Stopped, anything else as Failed.
 * An invocation's steps use the other display labels: Running, Success, Failed, Stopped, plus
 * Waiting (for their inputs) and Skipped (after an earlier step failed or was stopped).
 */
export type WorkflowStateLabel = ReturnType<typeof workflowStateLabel>;

/** antd Tag colours per workflow state. */
export const WORKFLOW_STATE_COLORS: Record<WorkflowStateLabel, string> = {
  new: 'processing',
  scheduled: 'success',
  stopped: 'warning',
  failed: 'error',
};

export type StepStateLabel = 'waiting' | 'running' | 'success' | 'failed' | 'skipped' | 'stopped';

/** WAITING → Waiting, RUNNING → Running, DONE → Success, SKIPPED → Skipped, STOPPED → Stopped, else Failed. */
export function stepStateLabel(state: string): StepStateLabel {
  switch (state) {
    case 'WAITING':
      return 'waiting';
    case 'RUNNING':
      return 'running';
    case 'DONE':
      return 'success';
    case 'SKIPPED':
      return 'skipped';
    case 'STOPPED':
      return 'stopped';
    default:
      return 'failed';
  }
}

export const STEP_STATE_COLORS: Record<StepStateLabel, string> = {
  waiting: 'default',
  running: 'processing',
  success: 'success',
  failed: 'error',
  skipped: 'default',
  stopped: 'warning',
};

/** An invocation still running: the list and its details poll, and Cancel is offered. */
export const isActiveWorkflow = (job: Pick<WorkflowJob, 'state'>) => job.state === 'NEW';

/** Steps over as a percentage (0 without steps). */
export function stepsPercent(job: Pick<WorkflowJob, 'steps_done' | 'steps_total'>): number {
  if (job.steps_total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((job.steps_done / job.steps_total) * 100)));
}
