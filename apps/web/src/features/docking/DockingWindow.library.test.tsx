import type { ProjectFile } from '@medx/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enterPocket } from '../../test/pocket-input';
import { mockApi, ok, renderPage, setupPageTests } from '../../test/test-providers';
import { layoutActions } from '../../workspace/layout/layout-store';
import { WorkspaceProvider } from '../../workspace/workspace-context';
import { DockingWindow } from './DockingWindow';

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
  file(7, 'enamine.sdf'),
  file(8, 'actives.smi'),
  file(9, 'decoys.smi'),
  file(10, 'chembl.csv'),
];

/** Files by the picker's file_type list; the screening submit answers job 77. */
function stubServer() {
  return mockApi({
    'GET /v1/files': (_body, query) => {
      const types = (query.file_type ?? '').split(',');
      const items = FILES.filter((f) => types.includes(f.file_type));
      return ok({ total: items.length, items });
    },
    'POST /v1/jobs/docking/library': () => ok({ job_id: 77 }, 'Submit success!'),
  });
}

function Address() {
  const location = useLocation();
  return <div data-testid="address">{location.search}</div>;
}

const project = { id: 1, name: 'Kinase', role: 'OWNER' as const };
const nextButton = () => screen.getByTestId('docking-next') as HTMLButtonElement;

setupPageTests();
afterEach(() => vi.restoreAllMocks());

describe('DockingWindow in "Screen a library" mode', () => {
  it('submits the library, actives, decoys, CSV columns and screening settings, then opens the result', async () => {
    const calls = stubServer();
    const shown = vi.spyOn(layoutActions, 'show');
    renderPage(
      <WorkspaceProvider project={project}>
        <DockingWindow />
        <Address />
      </WorkspaceProvider>,
      { path: '/', url: '/?project=1' },
    );

    fireEvent.click(await screen.findByTestId('docking-protein-row-1'));
    await waitFor(() => expect(nextButton().disabled).toBe(false));
    fireEvent.click(nextButton());

    // The ligand step starts in docking mode; the switch offers library files (SDF, MOL2, SMI, SMILES, CSV).
    await screen.findByTestId('docking-ligand-row-2');
    fireEvent.click(screen.getByTestId('docking-mode-library'));
    await screen.findByTestId('library-files-row-10');
    expect(screen.queryByTestId('docking-ligand-picker')).toBeNull();
    expect(screen.queryByTestId('library-files-row-1')).toBeNull();
    expect(nextButton().disabled).toBe(true);
    fireEvent.click(screen.getByTestId('library-files-row-7'));
    fireEvent.click(screen.getByTestId('library-files-row-10'));
    await waitFor(() => expect(nextButton().disabled).toBe(false));

    // Known actives and decoys, folded away until asked for.
    fireEvent.click(screen.getByTestId('library-activity-toggle'));
    fireEvent.click(await screen.findByTestId('library-actives-row-8'));
    fireEvent.click(await screen.findByTestId('library-decoys-row-9'));
    await waitFor(() => expect(screen.getByTestId('library-activity-toggle').textContent).toContain('(2 files)'));

    // A CSV is chosen: its columns can be named.
    fireEvent.click(screen.getByTestId('library-columns-toggle'));
    fireEvent.change(await screen.findByTestId('library-smiles_column'), { target: { value: 'canonical_smiles' } });
    fireEvent.change(screen.getByTestId('library-activity_column'), { target: { value: 'is_active' } });
    fireEvent.click(nextButton());

    await screen.findByTestId('docking-pocket-step');
    enterPocket();
    await waitFor(() => expect(nextButton().disabled).toBe(false));
    fireEvent.click(nextButton());

    // Library settings: no modes, poses kept or ring conformers; exhaustiveness 8; "Screening" as the name.
    const confirm = await screen.findByTestId('library-confirm-step');
    expect(within(confirm).getByText('enamine.sdf, chembl.csv')).toBeTruthy();
    expect(within(confirm).getByText('actives.smi')).toBeTruthy();
    expect(screen.queryByTestId('docking-num_modes')).toBeNull();
    expect(screen.queryByTestId('docking-ring_conformers')).toBeNull();
    expect((screen.getByTestId('screening-exhaustiveness') as HTMLInputElement).value).toBe('8');
    expect((screen.getByTestId('screening-job_name') as HTMLInputElement).placeholder).toBe('Screening');
    fireEvent.change(screen.getByTestId('screening-job_name'), { target: { value: 'Kinase screen' } });
    fireEvent.change(screen.getByTestId('screening-seed'), { target: { value: '1234' } });
    fireEvent.click(screen.getByTestId('docking-submit'));

    await waitFor(() => expect(document.body.textContent).toContain('Submit success!'));
    expect(calls.some((c) => c.path === '/v1/jobs/docking')).toBe(false);
    expect(calls.find((c) => c.path === '/v1/jobs/docking/library')?.body).toEqual({
      project_id: 1,
      protein_id: 1,
      pocket: { size_x: 20, size_y: 18, size_z: 22, center_x: 1.5, center_y: -2.25, center_z: 30 },
      library: {
        file_ids: [7, 10],
        actives_file_ids: [8],
        decoys_file_ids: [9],
        smiles_column: 'canonical_smiles',
        activity_column: 'is_active',
      },
      settings: { job_name: 'Kinase screen', exhaustiveness: 8, energy_range: 3, seed: 1234 },
    });
    // The new screen in the address and its result window in the slot.
    await waitFor(() =>
      expect(screen.getByTestId('address').textContent).toBe('?project=1&jobType=SCREENING&jobId=77'),
    );
    await waitFor(() => expect(shown).toHaveBeenCalledWith('screeningResult'));
  }, 60_000);

  it('keeps each mode its own choice when switching back and forth', async () => {
    stubServer();
    renderPage(
      <WorkspaceProvider project={project}>
        <DockingWindow />
      </WorkspaceProvider>,
      { path: '/', url: '/?project=1' },
    );
    fireEvent.click(await screen.findByTestId('docking-protein-row-1'));
    await waitFor(() => expect(nextButton().disabled).toBe(false));
    fireEvent.click(nextButton());
    fireEvent.click(await screen.findByTestId('docking-ligand-row-2'));
    await waitFor(() => expect(nextButton().disabled).toBe(false));
    // A library has nothing chosen yet: Next waits for a library file.
    fireEvent.click(screen.getByTestId('docking-mode-library'));
    await screen.findByTestId('library-files-row-7');
    await waitFor(() => expect(nextButton().disabled).toBe(true));
    fireEvent.click(screen.getByTestId('docking-mode-dock'));
    const row = await screen.findByTestId('docking-ligand-row-2');
    expect(within(row).getByRole('checkbox')).toHaveProperty('checked', true);
    expect(nextButton().disabled).toBe(false);
  }, 30_000);
});
