import { describe, expect, it } from 'vitest';
import { transmolJobFromParams, withTransMolJob } from './result-address';
import { canDock, DEFAULT_SORT, formatScore, lipinskiSummary, sortFromTable, sortOrderOf } from './result-rules';

describe('the result table rules', () => {
  it('maps antd sorters to the query sort, rank ascending when cleared', () => {
    expect(sortFromTable('qed', 'descend')).toEqual({ sort: 'qed', order: 'desc' });
    expect(sortFromTable('similarity2', 'ascend')).toEqual({ sort: 'similarity2', order: 'asc' });
    expect(sortFromTable('qed', undefined)).toEqual(DEFAULT_SORT);
    expect(sortFromTable('smiles', 'ascend')).toEqual(DEFAULT_SORT);
    expect(sortOrderOf({ sort: 'qed', order: 'desc' }, 'qed')).toBe('descend');
    expect(sortOrderOf({ sort: 'qed', order: 'desc' }, 'rank')).toBeNull();
  });

  it('counts the Lipinski rules passed and names the failed ones', () => {
    expect(lipinskiSummary({ mw: true, logp: true, hbd: true, hba: true })).toEqual({
      passed: 4,
      total: 4,
      failed: [],
    });
    expect(lipinskiSummary({ mw: false, logp: true, hbd: true, hba: false })).toEqual({
      passed: 2,
      total: 4,
      failed: ['mw', 'hba'],
    });
  });

  it('docks 1 to 20 molecules and shows SYBA as a dash', () => {
    expect([0, 1, 20, 21].map(canDock)).toEqual([false, true, true, false]);
    expect(formatScore(null)).toBe('—');
    expect(formatScore(0.81234)).toBe('0.81');
    expect(formatScore(312.456, 1)).toBe('312.5');
  });

  it('reads and writes the job in the address without opening the Job Result dialog', () => {
    const shown = withTransMolJob(new URLSearchParams('project=2&jobType=DOCKING&jobId=3&jobStatus=FAILED'), 9);
    expect(Object.fromEntries(shown)).toEqual({ project: '2', jobType: 'TRANSMOL_WORKFLOW', jobId: '9' });
    expect(transmolJobFromParams(shown)).toBe(9);
    expect(transmolJobFromParams(new URLSearchParams('jobType=DOCKING&jobId=9'))).toBeNull();
    expect(transmolJobFromParams(new URLSearchParams('jobType=TRANSMOL_WORKFLOW&jobId=x'))).toBeNull();
  });
});
