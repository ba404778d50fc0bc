import type { Job } from '@medx/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderPage, setupPageTests } from '../../test/test-providers';
import { FileViewerProvider } from '../../workspace/viewers/FileViewerHost';
import { JobResultDialog } from './JobResultDialog';

const job: Job = {
  id: 5,
  job_name: 'Prepare',
  job_type: 'QUICK_PREPARE_PROTEIN',
  status: 'FAILED',
  project_id: 1,
  project_name: 'Kinase',
  operator: 'ada',
  created_at: '2026-01-02T03:04:05Z',
  start_time: '2026-01-02T03:04:06Z',
  end_time: null,
  progress_done: null,
  progress_total: null,
  error: 'boom',
};

setupPageTests();

describe('JobResultDialog', () => {
  it('shows the FAILED warning, output files, the log and the extra table', async () => {
    mockApi({
      'GET /v1/jobs/5': () => ok(job),
      'GET /v1/jobs/5/files': () => ok([]),
      'GET /v1/jobs/5/comment': () => ok({ comment: '' }),
      'GET /v1/jobs/5/file_detail': () =>
        ok(Array.from({ length: 6 }, (_, i) => ({ item: `step_${i}`, count: i, detail: 'x' }))),
    });
    renderPage(
      <FileViewerProvider>
        <JobResultDialog
          job={{ jobType: 'QUICK_PREPARE_PROTEIN', jobId: '5', jobStatus: 'FAILED' }}
          onClose={() => {}}
        />
      </FileViewerProvider>,
      { path: '/', url: '/' },
    );
    const warning = await screen.findByTestId('job-failed-warning');
    expect(warning.textContent).toContain(
      'Job execution failed, but you can still view the output files that were generated before the error occurred.',
    );
    expect(await screen.findByText('This job has no output files.')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Log' }));
    expect(await screen.findByText('No log content available for this job.')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Table' }));
    await screen.findByText('step_0');
    expect(screen.queryByText('step_5')).toBeNull(); // 5 a page
    expect(screen.getAllByText('item').length).toBeGreaterThan(0);
  }, 30_000);

  it("lists a tool job's outputs with 3D for structures, and its log", async () => {
    mockApi({
      'GET /v1/jobs/8': () => ok({ ...job, id: 8, job_type: 'TOOL', status: 'FAILED', job_name: 'TM-align' }),
      'GET /v1/jobs/8/comment': () => ok({ comment: 'TM-score= 0.71' }),
      'GET /v1/jobs/8/file_detail': () =>
        ok([
          { name: 'superposed', label: 'TM-align on a.pdb and b.pdb', file_id: 31, ext: 'pdb' },
          { name: 'report', label: 'TM-align report', file_id: 32, ext: 'txt' },
        ]),
    });
    renderPage(
      <FileViewerProvider>
        <JobResultDialog job={{ jobType: 'TOOL', jobId: '8', jobStatus: 'FAILED' }} onClose={() => {}} />
      </FileViewerProvider>,
      { path: '/', url: '/' },
    );
    expect(await screen.findByTestId('job-failed-warning')).toBeTruthy();
    expect(await screen.findByTestId('tool-output-31')).toBeTruthy();
    expect(screen.getByText('TM-align on a.pdb and b.pdb')).toBeTruthy();
    expect(screen.getByTestId('tool-output-3d-31')).toBeTruthy();
    expect(screen.queryByTestId('tool-output-3d-32')).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Table' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Log' }));
    expect(await screen.findByText('TM-score= 0.71')).toBeTruthy();
  }, 30_000);
});
