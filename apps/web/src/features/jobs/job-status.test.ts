import { describe, expect, it } from 'vitest';
import {
  canCancel,
  canShow,
  jobStatusLabel,
  paramsForShow,
  progressPercent,
  showTarget,
  workflowStateLabel,
} from './job-status';

describe('job status labels (spec §4)', () => {
  it('maps every status to Pending, Running, Success, Stopped or Failed', () => {
    expect(jobStatusLabel('PRE_PROCESSING')).toBe('pending');
    expect(jobStatusLabel('RUNNING')).toBe('running');
    expect(jobStatusLabel('POST_PROCESSING')).toBe('running');
    expect(jobStatusLabel('FINISHED')).toBe('success');
    expect(jobStatusLabel('STOPPED')).toBe('stopped');
    expect(jobStatusLabel('FAILED')).toBe('failed');
    expect(jobStatusLabel('SOMETHING_ELSE')).toBe('failed');
  });

  it('offers Cancel only for RUNNING and Show only for FINISHED or FAILED', () => {
    const all = ['PRE_PROCESSING', 'RUNNING', 'POST_PROCESSING', 'FINISHED', 'STOPPED', 'FAILED'];
    expect(all.filter(canCancel)).toEqual(['RUNNING']);
    expect(all.filter(canShow)).toEqual(['FINISHED', 'FAILED']);
  });

  it('labels workflow states', () => {
    expect(['NEW', 'SCHEDULED', 'STOPPED', 'ERROR'].map(workflowStateLabel)).toEqual([
      'new',
      'scheduled',
      'stopped',
      'failed',
    ]);
  });
});

describe('progress', () => {
  it('is a percentage of done over total, or null when not reported', () => {
    expect(progressPercent({ progress_done: 3, progress_total: 4 })).toBe(75);
    expect(progressPercent({ progress_done: 0, progress_total: 0 })).toBeNull();
    expect(progressPercent({ progress_done: null, progress_total: 5 })).toBeNull();
    expect(progressPercent({ progress_done: 9, progress_total: 5 })).toBe(100);
  });
});

describe('Show', () => {
  it('opens the Docking Result window for a finished docking job, else the Job Result dialog', () => {
    expect(showTarget({ job_type: 'DOCKING', status: 'FINISHED' })).toBe('dockingResult');
    expect(showTarget({ job_type: 'DOCKING', status: 'FAILED' })).toBe('jobResult');
    expect(showTarget({ job_type: 'QUICK_PREPARE_PROTEIN', status: 'FINISHED' })).toBe('jobResult');
  });

  it('opens the TransMol Result window for a finished TransMol job', () => {
    expect(showTarget({ job_type: 'TRANSMOL_WORKFLOW', status: 'FINISHED' })).toBe('transMolResult');
    expect(showTarget({ job_type: 'TRANSMOL_WORKFLOW', status: 'FAILED' })).toBe('jobResult');
    const shown = paramsForShow(new URLSearchParams('project=3'), {
      id: 5,
      job_type: 'TRANSMOL_WORKFLOW',
      status: 'FINISHED',
    });
    expect(shown.toString()).toBe('project=3&jobType=TRANSMOL_WORKFLOW&jobId=5');
  });

  it('opens the Screening Result window for a finished screen', () => {
    expect(showTarget({ job_type: 'SCREENING', status: 'FINISHED' })).toBe('screeningResult');
    expect(showTarget({ job_type: 'SCREENING', status: 'FAILED' })).toBe('jobResult');
    const shown = paramsForShow(new URLSearchParams('project=3'), { id: 8, job_type: 'SCREENING', status: 'FINISHED' });
    expect(shown.toString()).toBe('project=3&jobType=SCREENING&jobId=8');
  });

  it('sets the query values without touching the others', () => {
    const base = new URLSearchParams('project=3&jobStatus=FAILED');
    const docking = paramsForShow(base, { id: 9, job_type: 'DOCKING', status: 'FINISHED' });
    expect(docking.toString()).toBe('project=3&jobType=DOCKING&jobId=9');
    const failed = paramsForShow(base, { id: 4, job_type: 'DOCKING', status: 'FAILED' });
    expect(Object.fromEntries(failed)).toEqual({ project: '3', jobType: 'DOCKING', jobId: '4', jobStatus: 'FAILED' });
    expect(base.toString()).toBe('project=3&jobStatus=FAILED');
  });
});
