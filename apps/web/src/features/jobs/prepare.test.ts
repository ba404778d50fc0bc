import type { Job } from '@medx/contract';
import { describe, expect, it } from 'vitest';
import { detailCell, detailColumns } from './job-details';
import { canPrepare, waitForJob } from './prepare';

describe('canPrepare', () => {
  it('follows the extensions the server reads', () => {
    expect(canPrepare('protein', { name: 'rec.pdb', ext: 'pdb' })).toBe(true);
    expect(canPrepare('protein', { name: 'rec.cif', ext: '' })).toBe(true);
    expect(canPrepare('protein', { name: 'lig.sdf', ext: 'sdf' })).toBe(false);
    expect(canPrepare('ligand', { name: 'lig.sdf', ext: 'sdf' })).toBe(true);
    expect(canPrepare('ligand', { name: 'lig.SMI', ext: 'SMI' })).toBe(true);
    expect(canPrepare('ligand', { name: 'map.ccp4', ext: 'ccp4' })).toBe(false);
  });
});

describe('the extra table', () => {
  it('takes its columns from the rows keys in order of appearance', () => {
    expect(
      detailColumns([
        { item: 'a', count: 1 },
        { item: 'b', detail: 'x' },
      ]),
    ).toEqual(['item', 'count', 'detail']);
    expect(detailColumns([])).toEqual([]);
  });
  it('shows values as text', () => {
    expect([detailCell(null), detailCell(-7.5), detailCell('x'), detailCell(true), detailCell({ a: 1 })]).toEqual([
      '',
      '-7.5',
      'x',
      'true',
      '{"a":1}',
    ]);
  });
});

describe('waitForJob', () => {
  type Answer = { success: boolean; msg: string; data: Job | null };
  const job = (status: Job['status']) => ({ id: 7, status }) as Job;
  const ok = (status: Job['status']): Answer => ({ success: true, msg: '', data: job(status) });
  const lost: Answer = { success: false, msg: 'Network Error', data: null };
  const reader = (answers: Answer[]) => {
    let calls = 0;
    const read = async () => answers[Math.min(calls++, answers.length - 1)]! as never;
    return { read, calls: () => calls };
  };

  it('follows the job to its end through lost polls', async () => {
    const r = reader([ok('RUNNING'), lost, lost, ok('RUNNING'), lost, ok('FINISHED')]);
    const done = await waitForJob(7, { intervalMs: 0, maxMisses: 3, read: r.read });
    expect(done?.status).toBe('FINISHED');
    expect(r.calls()).toBe(6);
  });

  it('gives up after maxMisses failed reads in a row', async () => {
    const r = reader([ok('PRE_PROCESSING'), lost, lost, lost, ok('FINISHED')]);
    expect(await waitForJob(7, { intervalMs: 0, maxMisses: 3, read: r.read })).toBeNull();
    expect(r.calls()).toBe(4);
  });

  it('answers the job as it is when the time-out passes', async () => {
    const r = reader([ok('RUNNING')]);
    const last = await waitForJob(7, { intervalMs: 1, timeoutMs: 5, read: r.read });
    expect(last?.status).toBe('RUNNING');
  });
});
