import { describe, expect, it } from 'vitest';
import { workflowStateLabel } from './job-status';
import {
  isActiveWorkflow,
  STEP_STATE_COLORS,
  stepStateLabel,
  stepsPercent,
  WORKFLOW_STATE_COLORS,
} from './workflow-state';

describe('workflow job states (spec §4)', () => {
  it('NEW is processing, SCHEDULED success, STOPPED stopped, anything else failed', () => {
    const labels = ['NEW', 'SCHEDULED', 'STOPPED', 'FAILED', 'CANCELLED'].map(workflowStateLabel);
    expect(labels).toEqual(['new', 'scheduled', 'stopped', 'failed', 'failed']);
    expect(labels.map((label) => WORKFLOW_STATE_COLORS[label])).toEqual([
      'processing',
      'success',
      'warning',
      'error',
      'error',
    ]);
  });

  it('labels an invocation step: Waiting, Running, Success, Skipped, Stopped, else Failed', () => {
    expect(['WAITING', 'RUNNING', 'DONE', 'SKIPPED', 'STOPPED', 'FAILED', '?'].map(stepStateLabel)).toEqual([
      'waiting',
      'running',
      'success',
      'skipped',
      'stopped',
      'failed',
      'failed',
    ]);
    expect(STEP_STATE_COLORS.running).toBe('processing');
  });

  it('polls and offers Cancel only while NEW; progress as steps over', () => {
    expect(isActiveWorkflow({ state: 'NEW' })).toBe(true);
    expect(isActiveWorkflow({ state: 'SCHEDULED' })).toBe(false);
    expect(stepsPercent({ steps_done: 2, steps_total: 6 })).toBe(33);
    expect(stepsPercent({ steps_done: 0, steps_total: 0 })).toBe(0);
  });
});
