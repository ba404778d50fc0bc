import type { Job, TransMolResultRow } from '@medx/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { onBrowserEvent } from '../../lib/browser-events';
import { renderPage, setupPageTests } from '../../test/test-providers';
import { getLayoutState } from '../../workspace/layout/layout-store';
import { loadPlaceholderWindow } from '../../workspace/layout/placeholder-window';
import { defineFeature } from '../../workspace/registry/feature';
import { registerFeatures } from '../../workspace/registry/registry';
import { WorkspaceProvider } from '../../workspace/workspace-context';
import { TransMolResultWindow } from './TransMolResultWindow';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const job = (id: number, status: Job['status'], extra: Partial<Job> = {}): Job => ({
  id,
  job_name: `TransMol ${id}`,
  job_type: 'TRANSMOL_WORKFLOW',
  status,
  project_id: 3,
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

const row = (rank: number, qed: number): TransMolResultRow => ({
  rank,
  filename: `transmol_${rank}`,
  smiles: `CC(=O)Nc1ccc(O)cc1${'C'.repeat(rank)}`,
  syba_score: null,
  sa_score: 2 + rank / 10,
  qed,
  similarity1: 0.5,
  similarity2: 0.4,
  molecular_weight: 151.16 + rank,
  logp: 0.9,
  hbd: 2,
  hba: 2,
  lipinski: { mw: rank !== 2, logp: true, hbd: true, hba: true },
  image: PNG,
});

const ROWS = [row(1, 0.6), row(2, 0.3), row(3, 0.8), row(4, 0.5), row(5, 0.7), row(6, 0.4), row(7, 0.2)];

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** The server: a list of jobs (changing over time if `jobs` is a function), results sorted and paged as asked. */
function stubServer(jobs: () => Job[], results: (jobId: number | null) => TransMolResultRow[] | null = () => ROWS) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path: url.pathname, query: url.searchParams, body });
      const reply = (data: unknown, msg = 'Success') =>
        new Response(JSON.stringify({ success: true, msg, data }), { headers: { 'Content-Type': 'application/json' } });
      if (method === 'GET' && url.pathname === '/v1/jobs') {
        // The project also has a docking job; the job_type filter keeps it out, as the server does.
        const type = url.searchParams.get('job_type');
        const items = [job(99, 'FINISHED', { job_type: 'DOCKING' }), ...jobs()].filter(
          (j) => type === null || j.job_type === type,
        );
        return reply({ total: items.length, items });
      }
      const one = /^\/v1\/jobs\/(\d+)$/.exec(url.pathname);
      if (method === 'GET' && one) return reply(jobs().find((j) => j.id === Number(one[1])));
      if (method === 'GET' && url.pathname === '/v1/projects/3/transmol_result') {
        const asked = url.searchParams.get('job_id');
        const jobId = asked ? Number(asked) : (jobs().find((j) => j.status === 'FINISHED')?.id ?? null);
        const rows = jobId === null ? null : results(jobId);
        if (!rows)
          return reply({ job_id: null, seeds: null, sdf_file_id: null, csv_file_id: null, total: 0, items: [] });
        const sort = (url.searchParams.get('sort') ?? 'rank') as 'rank' | 'qed';
        const sign = url.searchParams.get('order') === 'desc' ? -1 : 1;
        const page = Number(url.searchParams.get('page'));
        const limit = Number(url.searchParams.get('limit'));
        const sorted = [...rows].sort((a, b) => sign * (a[sort] - b[sort]));
        return reply({
          job_id: jobId,
          seeds: ['CC(=O)Oc1ccccc1C(=O)O', 'NC(=O)c1ccccc1O'],
          sdf_file_id: 501,
          csv_file_id: 502,
          total: rows.length,
          items: sorted.slice((page - 1) * limit, page * limit),
        });
      }
      if (method === 'POST' && url.pathname === '/v1/jobs/12/transmol_ligands') {
        return reply({ file_id: 88, name: 'transmol_12_ligands.sdf' }, 'Success');
      }
      if (method === 'GET' && url.pathname === '/v1/files/501') return reply({ id: 501, name: 'transmol_12.sdf' });
      if (method === 'GET' && url.pathname === '/v1/files/501/download') return new Response('sdf');
      return new Response(JSON.stringify({ success: false, msg: 'Not found.', data: null }), { status: 404 });
    }),
  );
  return calls;
}

function renderResult(url = '/?project=3') {
  return renderPage(
    <WorkspaceProvider project={{ id: 3, name: 'Kinase', role: 'OWNER' }}>
      <TransMolResultWindow />
    </WorkspaceProvider>,
    { path: '/', url },
  );
}

const ranks = () =>
  Array.from(document.querySelectorAll('[data-testid^="transmol-result-row-"]')).map((r) =>
    Number(r.getAttribute('data-testid')?.replace('transmol-result-row-', '')),
  );
// The 2D WorkSpace the table opens is another feature's window: a stand-in is registered.
beforeAll(() => {
  registerFeatures([
    defineFeature({
      id: 'test',
      windows: [
        { id: 'workspace2d', title: 'workspace:windows.workspace2d', place: 'slot', load: loadPlaceholderWindow },
      ],
    }),
  ]);
});

const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

setupPageTests();

describe('TransMolResultWindow', () => {
  it('shows the latest finished job: images, scores, SYBA as a dash, server sorting, selection and Dock selected', async () => {
    const calls = stubServer(() => [job(12, 'FINISHED'), job(10, 'FINISHED')]);
    const docked = vi.fn();
    const edited = vi.fn();
    stops.push(onBrowserEvent('openDockingWizard', docked), onBrowserEvent('openIn2dEditor', edited));
    renderResult();

    await screen.findByTestId('transmol-result-row-1');
    expect(ranks()).toEqual([1, 2, 3, 4, 5]);
    const first = screen.getByTestId('transmol-result-row-1');
    expect(within(first).getByTestId('transmol-image').getAttribute('src')).toBe(`data:image/png;base64,${PNG}`);
    expect(within(first).getByTestId('transmol-syba').textContent).toBe('—');
    expect(within(first).getByTestId('transmol-qed').textContent).toBe('0.60');
    expect(within(first).getByTestId('transmol-lipinski').textContent).toBe('4/4');
    expect(within(screen.getByTestId('transmol-result-row-2')).getByTestId('transmol-lipinski').textContent).toBe(
      '3/4fails MW',
    );
    expect(screen.getByTestId('transmol-result-notes').textContent).toContain('SYBA needs trained data');
    expect(screen.getByTestId('transmol-result-seeds').textContent).toContain('NC(=O)c1ccccc1O');
    // Several TransMol jobs: the selector lists them (not the docking job), the latest chosen.
    expect(screen.getByTestId('transmol-job-select').textContent).toContain('TransMol 12 (#12)');
    const firstQuery = calls.find((c) => c.path === '/v1/projects/3/transmol_result');
    expect(Object.fromEntries(firstQuery?.query ?? [])).toEqual({ page: '1', limit: '5', sort: 'rank', order: 'asc' });

    // Sorting by QED is the server's: ascending, then descending.
    fireEvent.click(screen.getByTestId('transmol-sort-qed'));
    await waitFor(() => expect(ranks()).toEqual([7, 2, 6, 4, 1]));
    fireEvent.click(screen.getByTestId('transmol-sort-qed'));
    await waitFor(() => expect(ranks()).toEqual([3, 5, 1, 4, 6]));
    expect(calls.at(-1)?.query.get('order')).toBe('desc');

    // Dock selected: off until a molecule is chosen, then the ligand file goes to the docking wizard.
    const dock = screen.getByTestId('transmol-dock') as HTMLButtonElement;
    expect(dock.disabled).toBe(true);
    for (const rank of [3, 5, 4]) {
      fireEvent.click(within(screen.getByTestId(`transmol-result-row-${rank}`)).getByRole('checkbox'));
    }
    await waitFor(() => expect(screen.getByTestId('transmol-selected').textContent).toBe('3 molecules selected'));
    expect(dock.disabled).toBe(false);
    fireEvent.click(dock);
    await waitFor(() => expect(docked).toHaveBeenCalledWith({ ligandIds: [88] }));
    expect(calls.find((c) => c.path === '/v1/jobs/12/transmol_ligands')?.body).toEqual({ ranks: [3, 4, 5] });
    await waitFor(() =>
      expect(document.body.textContent).toContain('transmol_12_ligands.sdf was added to the project'),
    );

    // Open in 2D editor: the molecule's SMILES to the 2D WorkSpace, which is shown.
    fireEvent.click(screen.getByTestId('transmol-open2d-5'));
    expect(edited).toHaveBeenCalledWith({ smiles: ROWS[4]?.smiles });
    expect(getLayoutState().slot).toBe('workspace2d');
  }, 30_000);

  it('exports the job SDF under its file name', async () => {
    const calls = stubServer(() => [job(12, 'FINISHED')]);
    URL.createObjectURL = vi.fn(() => 'blob:sdf');
    URL.revokeObjectURL = vi.fn();
    renderResult();
    await screen.findByTestId('transmol-result-row-1');
    // One job: no selector.
    expect(screen.queryByTestId('transmol-job-select')).toBeNull();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(screen.getByTestId('transmol-export-sdf'));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(calls.some((c) => c.path === '/v1/files/501/download')).toBe(true);
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('transmol_12.sdf');
    clicked.mockRestore();
  });

  it('has an empty state when the project has no TransMol result', async () => {
    stubServer(() => []);
    renderResult();
    expect((await screen.findByTestId('transmol-result-empty')).textContent).toBe(
      'No TransMol results yet. Open TransMol from the Function menu to submit a job.',
    );
    await waitFor(() => expect((screen.getByTestId('transmol-export-sdf') as HTMLButtonElement).disabled).toBe(true));
  });

  it('waits for the job in the address and fills the table when it finishes', async () => {
    let status: Job['status'] = 'RUNNING';
    const calls = stubServer(() => [job(12, status)]);
    renderResult('/?project=3&jobType=TRANSMOL_WORKFLOW&jobId=12');
    await waitFor(() =>
      expect(screen.getByTestId('transmol-result-empty').textContent).toBe(
        'The job is running; its molecules appear here when it finishes.',
      ),
    );
    expect(calls.some((c) => c.path === '/v1/projects/3/transmol_result')).toBe(false);
    status = 'FINISHED';
    // The job is polled while it runs; its end brings the molecules.
    await screen.findByTestId('transmol-result-row-1', {}, { timeout: 10_000 });
    expect(calls.find((c) => c.path === '/v1/projects/3/transmol_result')?.query.get('job_id')).toBe('12');
  }, 20_000);
});
