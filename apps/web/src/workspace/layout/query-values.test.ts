import { describe, expect, it } from 'vitest';
import {
  jobResultFromQuery,
  normaliseToolParams,
  paramsAfterSlotChange,
  slotWindowFromQuery,
  withoutJobResult,
  withTool,
  withWorkflow,
} from './query-values';

const q = (text: string) => new URLSearchParams(text);

describe('tool and workflow', () => {
  it('exclude each other', () => {
    expect(withTool(q('project=1&workflow=wf'), 't1').toString()).toBe('project=1&tool=t1');
    expect(withWorkflow(q('project=1&tool=t1'), 'wf').toString()).toBe('project=1&workflow=wf');
    expect(normaliseToolParams(q('project=1&tool=t1&workflow=wf')).toString()).toBe('project=1&tool=t1');
    const alone = q('project=1&workflow=wf');
    expect(normaliseToolParams(alone)).toBe(alone);
  });

  it('name the slot window to open', () => {
    expect(slotWindowFromQuery(q('tool=t1'))).toBe('tool');
    expect(slotWindowFromQuery(q('workflow=wf'))).toBe('workflow');
    expect(slotWindowFromQuery(q('project=1&tool='))).toBeNull();
  });

  it('are removed when their window closes', () => {
    expect(paramsAfterSlotChange(q('project=1&tool=t1'), 'tool', null).toString()).toBe('project=1');
    expect(paramsAfterSlotChange(q('project=1&tool=t1'), 'tool', 'workspace2d').toString()).toBe('project=1');
    expect(paramsAfterSlotChange(q('project=1&workflow=w'), 'workflow', null).toString()).toBe('project=1');
    const same = q('project=1&tool=t1');
    expect(paramsAfterSlotChange(same, 'tool', 'tool')).toBe(same);
    expect(paramsAfterSlotChange(q('project=1&tool=t1'), null, 'tool').toString()).toBe('project=1&tool=t1');
  });

  it('do not change the input', () => {
    const params = q('workflow=wf');
    withTool(params, 't');
    expect(params.toString()).toBe('workflow=wf');
  });
});

describe('job result', () => {
  it('opens only with jobType, jobId and jobStatus together', () => {
    expect(jobResultFromQuery(q('jobType=DOCKING&jobId=5&jobStatus=FINISHED'))).toEqual({
      jobType: 'DOCKING',
      jobId: '5',
      jobStatus: 'FINISHED',
    });
    expect(jobResultFromQuery(q('jobType=DOCKING&jobId=5'))).toBeNull();
  });

  it('closing removes all three and keeps the rest', () => {
    expect(withoutJobResult(q('project=1&jobType=DOCKING&jobId=5&jobStatus=FAILED&tool=x')).toString()).toBe(
      'project=1&tool=x',
    );
  });
});
