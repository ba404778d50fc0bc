import type { DockingResultRow, Job } from '@medx/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderPage, setupPageTests } from '../../test/test-providers';
import { WorkspaceProvider } from '../../workspace/workspace-context';
import { DockingResultWindow } from './DockingResultWindow';

const row = (rank: number, extra: Partial<DockingResultRow> = {}): DockingResultRow => ({
  rank,
  ligand_name: `lig_${rank}`,
  score: -10 + rank,
  file_id: 100 + rank,
  protein_file_id: 1,
  complex_file_id: null,
  job_id: 9,
  pose: 1,
  status: 'SUCCESS',
  error: null,
  ...extra,
});

const job: Job = {
  id: 9,
  job_name: 'Docking',
  job_type: 'DOCKING',
  status: 'RUNNING',
  project_id: 1,
  project_name: 'Kinase',
  operator: 'ada',
  created_at: '2026-01-02T03:04:05Z',
  start_time: '2026-01-02T03:04:06Z',
  end_time: null,
  progress_done: 3,
  progress_total: 6,
  error: null,
};

const project = { id: 1, name: 'Kinase', role: 'OWNER' as const };

setupPageTests();

describe('DockingResultWindow', () => {
  it('ranks the job results with Rank, Ligand Name, Score and a 3D button, and shows progress', async () => {
    mockApi({
      'GET /v1/jobs/9': () => ok(job),
      'GET /v1/jobs/9/docking_result': () =>
        ok({
          total: 7,
          items: [row(1), row(2), row(3, { status: 'FAILED', score: null, file_id: null, error: 'no 3D' })],
        }),
    });
    renderPage(
      <WorkspaceProvider project={project}>
        <DockingResultWindow />
      </WorkspaceProvider>,
      { path: '/', url: '/?project=1&jobType=DOCKING&jobId=9' },
    );
    const first = await screen.findByTestId('docking-result-row-1');
    const win = screen.getByTestId('docking-result-window');
    for (const title of ['Rank', 'Ligand Name', 'Score', 'Action']) expect(within(win).getByText(title)).toBeTruthy();
    expect(first.textContent).toContain('lig_1');
    expect(first.textContent).toContain('-9.00');
    expect(screen.getByTestId('docking-result-row-3').textContent).toContain('Failed');
    // No Med View in this test: the 3D button is there but disabled.
    expect((within(first).getByTestId('docking-3d-1') as HTMLButtonElement).disabled).toBe(true);
    expect((await screen.findByTestId('job-progress')).textContent).toContain('3 / 6 ligands');
    expect(win.querySelectorAll('.ant-pagination-item').length).toBe(2);
  }, 30_000);
});
