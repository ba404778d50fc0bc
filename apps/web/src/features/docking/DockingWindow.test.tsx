import type { ProjectFile } from '@medx/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { dispatchBrowserEvent } from '../../lib/browser-events';
import { enterPocket } from '../../test/pocket-input';
import { renderPage, setupPageTests } from '../../test/test-providers';
import { WorkspaceProvider } from '../../workspace/workspace-context';
import { DockingWindow } from './DockingWindow';
import { OpenWizardOnEvent } from './OpenWizardOnEvent';

const file = (id: number, name: string): ProjectFile => {
  const ext = name.split('.').pop() ?? '';
  return {
    id,
    name,
    ext,
    file_type: ext.toUpperCase(),
    source_type: 'ALIYUN',
    size: 1000,
    created_at: '2026-01-02T03:04:05Z',
    is_file: true,
    group_id: null,
    project_id: 1,
    is_show_entry: true,
    is_job_result: false,
    job_id: null,
    description: null,
    url: `/v1/files/${id}/download`,
  } as ProjectFile;
};

const FILES = [
  file(1, 'receptor.pdb'),
  file(2, 'lig_p59.sdf'),
  file(3, 'complex_HOH_A301.sdf'),
  file(4, 'crystal_P59_A101.pdb'),
  file(5, 'other.mol2'),
  file(6, 'transmol_12_ligands.sdf'),
];

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** A fetch stub that sees query strings (the file lists differ by file_type). */
function stubServer() {
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
      if (method === 'GET' && url.pathname === '/v1/files') {
        const types = (url.searchParams.get('file_type') ?? '').split(',');
        const items = FILES.filter((f) => types.includes(f.file_type));
        return reply({ total: items.length, items });
      }
      const one = /^\/v1\/files\/(\d+)$/.exec(url.pathname);
      if (method === 'GET' && one) return reply(FILES.find((f) => f.id === Number(one[1])));
      if (method === 'POST' && url.pathname === '/v1/docking/pocket/ligand') {
        return reply({ size_x: 20.123, size_y: 18, size_z: 22, center_x: 1.5, center_y: -2.25, center_z: 30 });
      }
      if (method === 'POST' && url.pathname === '/v1/jobs/docking') return reply({ job_id: 77 }, 'Submit success!');
      return new Response(JSON.stringify({ success: false, msg: 'Not found.', data: null }), { status: 404 });
    }),
  );
  return calls;
}

const project = { id: 1, name: 'Kinase', role: 'OWNER' as const };

function renderWizard() {
  return renderPage(
    <WorkspaceProvider project={project}>
      <DockingWindow />
    </WorkspaceProvider>,
    { path: '/', url: '/?project=1' },
  );
}

/** The docking window loaded only when shown, as the layout does, beside the event's listener. */
function Host() {
  const [shown, setShown] = useState(false);
  return (
    <WorkspaceProvider project={project}>
      <OpenWizardOnEvent />
      {shown ? <DockingWindow /> : <button type="button" data-testid="show" onClick={() => setShown(true)} />}
    </WorkspaceProvider>
  );
}

const nextButton = () => screen.getByTestId('docking-next') as HTMLButtonElement;

setupPageTests();

describe('DockingWindow', () => {
  it('walks protein → ligands → pocket → confirm, submits with the settings and resets', async () => {
    const calls = stubServer();
    renderWizard();

    // Protein: PDB/PDBQT only, Next needs one.
    await screen.findByTestId('docking-protein-row-1');
    expect(screen.queryByTestId('docking-protein-row-2')).toBeNull();
    expect(nextButton().disabled).toBe(true);
    fireEvent.click(screen.getByTestId('docking-protein-row-1'));
    await waitFor(() => expect(nextButton().disabled).toBe(false));
    fireEvent.click(nextButton());

    // Ligands: SDF/MOL2/PDBQT without standard residue names.
    await screen.findByTestId('docking-ligand-row-2');
    expect(screen.getByTestId('docking-ligand-row-5')).toBeTruthy();
    expect(screen.queryByTestId('docking-ligand-row-3')).toBeNull();
    expect(screen.queryByTestId('docking-ligand-row-1')).toBeNull();
    expect(nextButton().disabled).toBe(true);
    fireEvent.click(screen.getByTestId('docking-ligand-row-2'));
    await waitFor(() => expect(nextButton().disabled).toBe(false));
    fireEvent.click(nextButton());

    // Pocket: around the crystal ligand (a PDB part is allowed as a reference).
    await screen.findByTestId('docking-pocket-step');
    expect(nextButton().disabled).toBe(true);
    fireEvent.click(await screen.findByTestId('pocket-ligand-row-4'));
    fireEvent.click(screen.getByTestId('pocket-from-ligand'));
    await waitFor(() =>
      expect(screen.getByTestId('pocket-summary').textContent).toBe('(1.50, -2.25, 30.00) 20.12 × 18.00 × 22.00 Å'),
    );
    const pocketCall = calls.find((c) => c.path === '/v1/docking/pocket/ligand');
    expect(pocketCall?.body).toEqual({ project_id: 1, ligand_id: 4, padding: 5 });

    // Previous from the pocket step clears the box.
    fireEvent.click(screen.getByTestId('docking-previous'));
    await screen.findByTestId('docking-ligand-picker');
    fireEvent.click(nextButton());
    await screen.findByTestId('docking-pocket-step');
    expect(screen.getByTestId('pocket-summary').textContent).toBe('(0.00, 0.00, 0.00) 0.00 × 0.00 × 0.00 Å');
    expect(nextButton().disabled).toBe(true);

    // Manual entry also works.
    enterPocket();
    await waitFor(() => expect(nextButton().disabled).toBe(false));
    fireEvent.click(nextButton());

    // Confirm: spec defaults, Docking as the job name placeholder.
    const confirm = await screen.findByTestId('docking-confirm-step');
    expect(within(confirm).getByText('receptor.pdb')).toBeTruthy();
    expect((screen.getByTestId('docking-exhaustiveness') as HTMLInputElement).value).toBe('32');
    expect((screen.getByTestId('docking-num_modes') as HTMLInputElement).value).toBe('9');
    expect((screen.getByTestId('docking-job_name') as HTMLInputElement).placeholder).toBe('Docking');
    fireEvent.change(screen.getByTestId('docking-exhaustiveness'), { target: { value: '4' } });
    fireEvent.click(screen.getByTestId('docking-submit'));

    await waitFor(() => expect(document.body.textContent).toContain('Submit success!'));
    const submitted = calls.find((c) => c.path === '/v1/jobs/docking');
    expect(submitted?.body).toEqual({
      project_id: 1,
      protein_id: 1,
      ligand_ids: [2],
      pocket: { size_x: 20, size_y: 18, size_z: 22, center_x: 1.5, center_y: -2.25, center_z: 30 },
      settings: {
        scoring_function: 'vina',
        exhaustiveness: 4,
        num_modes: 9,
        energy_range: 3,
        min_rmsd: 1,
        retain_count: 1,
        ring_conformers: 1,
      },
    });
    // Back to the first step with nothing chosen.
    await screen.findByTestId('docking-protein-picker');
    expect(nextButton().disabled).toBe(true);
  }, 60_000);

  it('starts with the ligands another window sends (openDockingWizard), even before it is shown', async () => {
    stubServer();
    // The request comes first; the window (loaded when shown) takes it when it mounts.
    renderPage(<Host />, { path: '/', url: '/?project=1' });
    dispatchBrowserEvent('openDockingWizard', { ligandIds: [6] });
    fireEvent.click(screen.getByTestId('show'));
    fireEvent.click(await screen.findByTestId('docking-protein-row-1'));
    await waitFor(() => expect(nextButton().disabled).toBe(false));
    fireEvent.click(nextButton());
    await screen.findByTestId('docking-ligand-row-6');
    const check = within(screen.getByTestId('docking-ligand-row-6')).getByRole('checkbox') as HTMLInputElement;
    expect(check.checked).toBe(true);
    expect(within(screen.getByTestId('docking-ligand-row-2')).getByRole('checkbox')).toHaveProperty('checked', false);
    // Next needs no other choice: the pocket step follows.
    expect(nextButton().disabled).toBe(false);
    fireEvent.click(nextButton());
    await screen.findByTestId('docking-pocket-step');
  }, 30_000);
});
