import type { Job } from '@medx/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderPage, setupPageTests } from '../../test/test-providers';
import { JobsButton } from './JobsButton';

const job = (id: number, status: Job['status'], extra: Partial<Job> = {}): Job => ({
  id,
  job_name: null,
  job_type: 'DOCKING',
  status,
  project_id: 1,
  project_name: 'Kinase',
  operator: 'ada',
  created_at: '2026-01-02T03:04:05Z',
  start_time: null,
  end_time: null,
  progress_done: null,
  progress_total: null,
  error: null,
  ...extra,
});

function Search() {
  return <div data-testid="search">{useLocation().search}</div>;
}

const JOBS = [
  job(1, 'PRE_PROCESSING'),
  job(2, 'RUNNING', { progress_done: 2, progress_total: 5 }),
  job(3, 'POST_PROCESSING'),
  job(4, 'FINISHED', { job_name: 'Docking' }),
  job(5, 'STOPPED'),
];

setupPageTests();

describe('Jobs dialog and running counter', () => {
  it('shows the counter, status labels, Cancel/Show rules, progress, the log, and Show', async () => {
    const calls = mockApi({
      'GET /v1/jobs/count': () => ok({ running_count: 2 }),
      'GET /v1/jobs': () => ok({ total: 7, items: JOBS }),
      'GET /v1/jobs/1/comment': () => ok({ comment: '' }),
      'GET /v1/jobs/2/comment': () => ok({ comment: 'vina: ligand 2 of 5' }),
      'POST /v1/jobs/2/cancel': () => ok(null, 'Cancel successful.'),
    });
    renderPage(
      <>
        <Search />
        <JobsButton projectId={1} />
      </>,
      { path: '/', url: '/?project=1' },
    );
    await waitFor(() => expect(screen.getByTestId('jobs-running-count').textContent).toContain('2'));
    fireEvent.click(screen.getByTestId('jobs-button'));
    const dialog = await screen.findByTestId('jobs-dialog');
    expect(within(dialog).getByText('All')).toBeTruthy();
    expect(within(dialog).getByText('Workflow')).toBeTruthy();
    await screen.findByTestId('job-row-1');

    const status = (id: number) => within(screen.getByTestId(`job-row-${id}`)).getByTestId('job-status').textContent;
    expect([1, 2, 3, 4, 5].map(status)).toEqual(['Pending', 'Running', 'Running', 'Success', 'Stopped']);
    expect([1, 2, 3, 4, 5].filter((id) => screen.queryByTestId(`job-cancel-${id}`))).toEqual([2]);
    const showEnabled = (id: number) => !(screen.getByTestId(`job-show-${id}`) as HTMLButtonElement).disabled;
    expect([1, 2, 3, 4, 5].filter(showEnabled)).toEqual([4]);
    expect(within(screen.getByTestId('job-row-2')).getByTestId('job-progress').textContent).toContain('2 / 5 ligands');
    expect(dialog.textContent).toContain('7 jobs');
    expect(calls.find((c) => c.path === '/v1/jobs')).toBeTruthy();

    // An empty log is an info message; a log opens in its view.
    fireEvent.click(screen.getByTestId('job-log-1'));
    await waitFor(() => expect(document.body.textContent).toContain('No log content available for this job.'));
    fireEvent.click(screen.getByTestId('job-log-2'));
    expect((await screen.findByTestId('job-log')).textContent).toBe('vina: ligand 2 of 5');
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);

    fireEvent.click(screen.getByTestId('job-cancel-2'));
    await waitFor(() => expect(document.body.textContent).toContain('Cancel successful.'));

    // Show on a finished docking job: jobType=DOCKING&jobId=4 (the Docking Result window).
    fireEvent.click(screen.getByTestId('job-show-4'));
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe('?project=1&jobType=DOCKING&jobId=4'));
  }, 60_000);
});
