import type { Job, ScreeningLigand, ScreeningSummary } from '@medx/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, mockApi, ok, renderPage, setupPageTests } from '../../test/test-providers';
import { WorkspaceProvider } from '../../workspace/workspace-context';
import { ScreeningResultWindow } from './ScreeningResultWindow';

const job = (status: Job['status'], extra: Partial<Job> = {}): Job => ({
  id: 9,
  job_name: 'Kinase screen',
  job_type: 'SCREENING',
  status,
  project_id: 1,
  project_name: 'Kinase',
  operator: 'ada',
  created_at: '2026-01-02T03:04:05Z',
  start_time: '2026-01-02T03:04:06Z',
  end_time: null,
  progress_done: 600,
  progress_total: 1000,
  error: null,
  ...extra,
});

const SUMMARY: ScreeningSummary = {
  job_id: 9,
  total: 1000,
  counts: { PENDING: 380, RUNNING: 20, DONE: 550, FAILED: 50 },
  valid: 450,
  per_hour: 1200.4,
  eta_seconds: 1200,
  best_score: -11.2,
  histogram: [
    { from: -12, to: -11, count: 3 },
    { from: -11, to: -10.5, count: 40 },
    { from: -10.5, to: -10, count: 120 },
  ],
  enrichment: {
    actives: 20,
    decoys: 980,
    roc_auc: 0.8734,
    ef1: 12.5,
    ef5: 6.34,
    bedroc: 0.5123,
    roc: [
      [0, 0],
      [0.1, 0.6],
      [1, 1],
    ],
  },
  has_activity: true,
  receptor_file_id: 5,
};

const ligand = (index: number, extra: Partial<ScreeningLigand> = {}): ScreeningLigand => ({
  index,
  rank: index + 1,
  name: `lig_${index}`,
  status: 'DONE',
  score: -11 + index / 10,
  error: null,
  active: index === 0 ? true : null,
  smiles: 'c1ccccc1O',
  mw: 94.11,
  logp: 1.39,
  hbd: 1,
  hba: 1,
  rotatable_bonds: 0,
  heavy_atoms: 7,
  valid: true,
  checks: {
    sanitization: true,
    identity: true,
    bond_lengths: true,
    bond_angles: true,
    internal_clash: true,
    aromatic_flatness: true,
    protein_clash: true,
  },
  check_details: {},
  residues: ['A:ASP86', 'A:LEU83', 'A:GLU81', 'A:PHE80'],
  ...extra,
});

const LIGANDS = [
  ligand(0),
  ligand(1, {
    valid: false,
    checks: { ...ligand(1).checks, protein_clash: false },
    check_details: { protein_clash: 'C4 is 1.9 Å from LEU83 CD1' },
  }),
  ligand(2, {
    rank: null,
    status: 'FAILED',
    score: null,
    error: 'RDKit could not embed the molecule',
    valid: null,
    checks: {},
    residues: [],
  }),
];

const project = { id: 1, name: 'Kinase', role: 'OWNER' as const };

function stubServer(status: Job['status'], summary: ScreeningSummary | null = SUMMARY) {
  return mockApi({
    'GET /v1/jobs': () => ok({ total: 1, items: [job(status)] }),
    'GET /v1/jobs/9': () => ok(job(status)),
    'GET /v1/jobs/9/screening': () =>
      summary ? ok(summary) : { success: false, msg: 'This job is not a screening job.', data: null },
    'GET /v1/jobs/9/screening/ligands': () => ok({ total: 45, items: LIGANDS }),
    'GET /v1/jobs/9/screening/export': () => ok('unused'),
  });
}

function renderWindow(url = '/?project=1&jobType=SCREENING&jobId=9') {
  return renderPage(
    <WorkspaceProvider project={project}>
      <ScreeningResultWindow />
    </WorkspaceProvider>,
    { path: '/', url },
  );
}

const ligandCalls = (calls: ApiCall[]) => calls.filter((c) => c.path === '/v1/jobs/9/screening/ligands');
const lastLigandQuery = (calls: ApiCall[]) => ligandCalls(calls).at(-1)?.query;

setupPageTests();
afterEach(() => vi.restoreAllMocks());

describe('ScreeningResultWindow', () => {
  it('shows live progress, the histogram, the enrichment and the first page of ligands', async () => {
    const calls = stubServer('RUNNING');
    renderWindow();
    const first = await screen.findByTestId('screening-row-0');

    expect(screen.getByTestId('screening-job-name').textContent).toBe('Kinase screen');
    expect(screen.getByTestId('screening-progress').textContent).toContain('600 / 1000');
    expect(screen.getByTestId('screening-count-DONE').textContent).toBe('Docked550');
    expect(screen.getByTestId('screening-count-FAILED').textContent).toBe('Failed50');
    expect(screen.getByTestId('screening-count-PENDING').textContent).toBe('Pending380');
    expect(screen.getByTestId('screening-count-RUNNING').textContent).toBe('Running20');
    expect(screen.getByTestId('screening-throughput').textContent).toBe('Throughput1,200 ligands/h');
    expect(screen.getByTestId('screening-eta').textContent).toBe('Time left20 min');
    expect(screen.getByTestId('screening-best').textContent).toBe('Best score-11.20');
    expect(screen.getByTestId('screening-valid').textContent).toBe('Valid poses450 / 550');

    // The enrichment tiles and the ROC curve with its chance diagonal.
    expect(screen.getByTestId('screening-roc_auc').textContent).toContain('0.873');
    expect(screen.getByTestId('screening-ef1').textContent).toContain('12.5');
    expect(screen.getByTestId('screening-ef5').textContent).toContain('6.3');
    expect(screen.getByTestId('screening-bedroc').textContent).toContain('0.512');
    expect(screen.getByTestId('screening-enrichment').textContent).toContain('20 actives, 980 decoys');
    expect(screen.getByTestId('screening-roc-line').getAttribute('points')).toBe('34.0,136.0 46.8,59.2 162.0,8.0');
    expect(within(screen.getByTestId('screening-roc')).getByText('ROC curve')).toBeTruthy();

    // The histogram names each bar with its range and count.
    const bar = screen.getByTestId('screening-bin-1');
    expect(bar.getAttribute('aria-label')).toBe('-11.00 to -10.50 kcal/mol: 40 ligands');
    expect(within(screen.getByTestId('screening-histogram')).getByText('Score (kcal/mol)')).toBeTruthy();

    // The table: the server's default query, rows with their checks, properties, residues and errors.
    expect(lastLigandQuery(calls)).toEqual({ page: '1', limit: '20', sort: 'score', order: 'asc' });
    expect(first.textContent).toContain('lig_0');
    expect(first.textContent).toContain('Active');
    expect(first.textContent).toContain('-11.00');
    expect(first.textContent).toContain('7/7');
    expect(first.textContent).toContain('A:ASP86, A:LEU83, A:GLU81 +1');
    expect(first.textContent).toContain('94.1');
    const invalid = screen.getByTestId('screening-row-1');
    expect(invalid.textContent).toContain('6/7');
    // Every check's name is in the row's accessible list, not only in a hover title.
    expect(within(invalid).getByRole('list', { name: 'Pose checks' }).textContent).toContain('Protein clash: failed');
    expect(screen.getByTestId('screening-error-2').textContent).toBe('RDKit could not embed the molecule');
    // No Med View in this test: the 3D buttons are there but disabled.
    expect((screen.getByTestId('screening-3d-0') as HTMLButtonElement).disabled).toBe(true);

    // Expanding a row shows why a check failed, every residue and the SMILES.
    fireEvent.click(within(invalid).getByRole('button', { name: /expand/i }));
    const details = await screen.findByTestId('screening-details-1');
    expect(details.textContent).toContain('Protein clash: failed — C4 is 1.9 Å from LEU83 CD1');
    expect(details.textContent).toContain('A:PHE80');
    expect(details.textContent).toContain('c1ccccc1O');
  }, 30_000);

  it('sends the filters, the sort and the page to the server', async () => {
    const calls = stubServer('FINISHED');
    renderWindow();
    await screen.findByTestId('screening-row-0');
    // A finished screen: no time left.
    expect(screen.queryByTestId('screening-eta')).toBeNull();

    // Typed filters are sent once typing pauses.
    fireEvent.change(screen.getByTestId('screening-filter-name'), { target: { value: ' lig ' } });
    fireEvent.change(screen.getByTestId('screening-filter-mw_max'), { target: { value: '500' } });
    fireEvent.change(screen.getByTestId('screening-filter-residue'), { target: { value: 'A:ASP86' } });
    await waitFor(() =>
      expect(lastLigandQuery(calls)).toEqual({
        name: 'lig',
        mw_max: '500',
        residue: 'A:ASP86',
        page: '1',
        limit: '20',
        sort: 'score',
        order: 'asc',
      }),
    );

    // A residue the server would refuse says so and is not sent.
    fireEvent.change(screen.getByTestId('screening-filter-residue'), { target: { value: 'ASP 86' } });
    await screen.findByText('A residue is written like ASP86 or A:ASP86.');
    await waitFor(() => expect(lastLigandQuery(calls)?.residue).toBeUndefined());

    // Failures: a quick status filter.
    fireEvent.click(screen.getByTestId('screening-failures'));
    await waitFor(() => expect(lastLigandQuery(calls)?.status).toBe('FAILED'));
    expect(screen.getByTestId('screening-failures').textContent).toBe('Failures (50)');
    // With failures only, their reasons come right after the status.
    const titles = () =>
      Array.from(screen.getByTestId('screening-result-window').querySelectorAll('thead th')).map(
        (th) => th.textContent,
      );
    await waitFor(() => expect(titles().indexOf('Error')).toBe(titles().indexOf('Status') + 1));

    // Sorting by a column, then another page.
    const win = screen.getByTestId('screening-result-window');
    // antd draws the header twice with a horizontal scroll; either copy sorts.
    const heavyAtoms = () => within(win).getAllByText('Heavy atoms')[0] as HTMLElement;
    fireEvent.click(heavyAtoms());
    await waitFor(() => expect(lastLigandQuery(calls)).toMatchObject({ sort: 'heavy_atoms', order: 'asc', page: '1' }));
    fireEvent.click(heavyAtoms());
    await waitFor(() => expect(lastLigandQuery(calls)).toMatchObject({ sort: 'heavy_atoms', order: 'desc' }));
    fireEvent.click(within(win).getByTitle('3'));
    await waitFor(() =>
      expect(lastLigandQuery(calls)).toEqual({
        name: 'lig',
        mw_max: '500',
        status: 'FAILED',
        page: '3',
        limit: '20',
        sort: 'heavy_atoms',
        order: 'desc',
      }),
    );

    // Clearing the filters goes back to page 1 with only the sort.
    fireEvent.click(screen.getByTestId('screening-filter-reset'));
    await waitFor(() =>
      expect(lastLigandQuery(calls)).toEqual({ page: '1', limit: '20', sort: 'heavy_atoms', order: 'desc' }),
    );
  }, 30_000);

  it('filters the table to the score range of a histogram bar', async () => {
    const calls = stubServer('FINISHED');
    renderWindow();
    await screen.findByTestId('screening-row-0');
    const bar = screen.getByTestId('screening-bin-2');
    expect(bar.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(bar);
    await waitFor(() => expect(lastLigandQuery(calls)).toMatchObject({ score_min: '-10.5', score_max: '-10' }));
    expect(screen.getByTestId('screening-bin-2').getAttribute('aria-pressed')).toBe('true');
    // The score inputs show the range, and a key press on another bar chooses it.
    expect((screen.getByTestId('screening-filter-score_min') as HTMLInputElement).value).toBe('-10.5');
    fireEvent.keyDown(screen.getByTestId('screening-bin-0'), { key: 'Enter' });
    await waitFor(() => expect(lastLigandQuery(calls)).toMatchObject({ score_min: '-12', score_max: '-11' }));
  }, 30_000);

  it('exports the best N of the filtered ligands as SDF or CSV', async () => {
    const calls = stubServer('FINISHED');
    URL.createObjectURL = vi.fn(() => 'blob:screening');
    URL.revokeObjectURL = vi.fn();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWindow();
    await screen.findByTestId('screening-row-0');
    expect((screen.getByTestId('screening-export-top') as HTMLInputElement).value).toBe('1000');

    fireEvent.click(screen.getByTestId('screening-export-sdf'));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    expect(calls.find((c) => c.path === '/v1/jobs/9/screening/export')?.query).toEqual({ format: 'sdf', top: '1000' });
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('screening_9_top1000.sdf');

    fireEvent.click(screen.getByTestId('screening-failures'));
    fireEvent.change(screen.getByTestId('screening-export-top'), { target: { value: '50' } });
    await waitFor(() => expect(lastLigandQuery(calls)?.status).toBe('FAILED'));
    fireEvent.click(screen.getByTestId('screening-export-csv'));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(2));
    const exports = calls.filter((c) => c.path === '/v1/jobs/9/screening/export');
    expect(exports.at(-1)?.query).toEqual({ status: 'FAILED', format: 'csv', top: '50' });
    expect((clicked.mock.contexts[1] as HTMLAnchorElement).download).toBe('screening_9_top50.csv');
  }, 30_000);

  it('refreshes every 2 s while the screen runs, and stops once it has ended', async () => {
    let status: Job['status'] = 'RUNNING';
    const calls = mockApi({
      'GET /v1/jobs/9': () => ok(job(status)),
      'GET /v1/jobs/9/screening': () => ok(SUMMARY),
      'GET /v1/jobs/9/screening/ligands': () => ok({ total: 3, items: LIGANDS }),
    });
    const summaries = () => calls.filter((c) => c.path === '/v1/jobs/9/screening').length;
    renderWindow();
    await screen.findByTestId('screening-row-0');
    await waitFor(() => expect(summaries()).toBeGreaterThanOrEqual(2), { timeout: 5000 });
    status = 'FINISHED';
    // The job is polled every 3 s; its end brings one last read, then nothing more.
    await waitFor(() => expect(screen.queryByTestId('screening-eta')).toBeNull(), { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const settled = summaries();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(summaries()).toBe(settled);
  }, 20_000);

  it('offers the project screens without a job in the address, and says when there are none', async () => {
    stubServer('FINISHED');
    renderWindow('/?project=1');
    await waitFor(() =>
      expect(screen.getByTestId('screening-no-job').textContent).toBe('Choose a screen to see its results.'),
    );
    expect(screen.getByTestId('screening-job-select')).toBeTruthy();
  });

  it('has an empty state without screens', async () => {
    mockApi({ 'GET /v1/jobs': () => ok({ total: 0, items: [] }) });
    renderWindow('/?project=1');
    await waitFor(() => expect(screen.getByTestId('screening-no-job').textContent).toContain('No screens yet.'));
    expect(screen.queryByTestId('screening-job-select')).toBeNull();
  });

  it('shows why a screen could not be loaded, with a retry', async () => {
    const calls = stubServer('FINISHED', null);
    renderWindow();
    const error = await screen.findByTestId('screening-error');
    expect(error.textContent).toContain('This job is not a screening job.');
    const before = calls.filter((c) => c.path === '/v1/jobs/9/screening').length;
    fireEvent.click(screen.getByTestId('screening-retry'));
    await waitFor(() => expect(calls.filter((c) => c.path === '/v1/jobs/9/screening').length).toBe(before + 1));
  });
});
