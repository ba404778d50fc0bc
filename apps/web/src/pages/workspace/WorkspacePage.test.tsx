import type { ProjectFile } from '@medx/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { onBrowserEvent } from '../../lib/browser-events';
import { mockApi, ok, renderPage, setupPageTests } from '../../test/test-providers';
import { WorkspacePage } from './WorkspacePage';

const file = (id: number, name: string, extra: Partial<ProjectFile> = {}): ProjectFile => {
  const ext = name.split('.').pop() ?? '';
  return {
    id,
    name,
    ext,
    file_type: ext.toUpperCase(),
    source_type: 'ALIYUN',
    size: 2048,
    created_at: '2026-01-02T03:04:05Z',
    is_file: true,
    group_id: null,
    project_id: 1,
    is_show_entry: true,
    is_job_result: false,
    job_id: null,
    description: null,
    url: `/v1/files/${id}/download`,
    ...extra,
  };
};

const project = (files: unknown[], role = 'OWNER') => ({
  id: 1,
  project_name: 'Kinase',
  creator_id: 7,
  creator: { id: 7, username: 'ada', email: null },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  role,
  is_shared: false,
  files,
});

const tree = [
  {
    id: 20,
    name: 'Ligands',
    is_file: false,
    created_at: '2026-01-02T03:04:05Z',
    project_id: 1,
    index: 1,
    files: [file(2, 'lig_a.sdf', { group_id: 20, index: 1 }), file(3, 'lig_b.sdf', { group_id: 20, index: 2 })],
  },
  file(1, 'raw_5x72.pdb', { index: 2 }),
  file(4, 'model.cif', { index: 3 }),
];

const toastTexts = () => Array.from(document.querySelectorAll('.ant-message-notice')).map((n) => n.textContent);

async function openMenu(testId: string) {
  fireEvent.contextMenu(await screen.findByTestId(testId));
  return screen.findAllByRole('menuitem');
}

setupPageTests();

describe('WorkspacePage: Entry List', () => {
  it('lists groups and files with their indexes, a checkbox per file row', async () => {
    mockApi({ 'GET /v1/projects/1': () => ok(project(tree)) });
    renderPage(<WorkspacePage />, { path: '/', url: '/?project=1' });
    const fileRow = await screen.findByTestId('entry-row-1');
    expect(within(fileRow).getByText('raw_5x72.pdb')).toBeTruthy();
    expect(within(fileRow).getByText('2')).toBeTruthy();
    expect(within(fileRow).getByRole('checkbox')).toBeTruthy();
    const group = screen.getByTestId('entry-group-20');
    expect(within(group).getByText('Ligands')).toBeTruthy();
    expect(within(group).queryByRole('checkbox')).toBeNull();
    expect(screen.getByTestId('entry-row-2')).toBeTruthy();
    expect(screen.getByTestId('workspace-project-name').textContent).toBe('Kinase');
    expect(screen.getByTestId('window-medView')).toBeTruthy();
    // The In column: nothing is loaded in the viewer yet.
    expect(screen.getByTestId('entry-in-1').dataset.state).toBe('absent');
  });

  it('shows No Data. with an Import structure link for an empty project', async () => {
    mockApi({ 'GET /v1/projects/1': () => ok(project([])) });
    renderPage(<WorkspacePage />, { path: '/', url: '/?project=1' });
    expect(await screen.findByText('No Data.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('entry-empty-import'));
    expect(await screen.findByText('Show in the 3D WorkSpace')).toBeTruthy();
    expect((screen.getByTestId('import-ok') as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses to split other types client-side, splits a PDB and refreshes the project', async () => {
    let loads = 0;
    const calls = mockApi({
      'GET /v1/projects/1': () => {
        loads += 1;
        return ok(project(tree));
      },
      'POST /v1/files/1/split_pdb': () => ok({ files: [file(9, 'raw_5x72_ligand_1.pdb')] }),
    });
    const split = vi.fn();
    const stop = onBrowserEvent('splitSuccess', split);
    renderPage(<WorkspacePage />, { path: '/', url: '/?project=1' });

    await openMenu('entry-row-4');
    fireEvent.click(await screen.findByTestId('ctx-split'));
    await waitFor(() => expect(toastTexts()).toContain('Only accept pdb, sdf, mol2, smi file.'));
    expect(calls.some((c) => c.path.includes('split_pdb'))).toBe(false);

    const before = loads;
    await openMenu('entry-row-1');
    const items = await screen.findAllByTestId('ctx-split');
    fireEvent.click(items[items.length - 1] as HTMLElement);
    await waitFor(() => expect(toastTexts()).toContain('Split successful.'));
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/v1/files/1/split_pdb')).toHaveLength(1);
    await waitFor(() => expect(loads).toBeGreaterThan(before));
    expect(split).toHaveBeenCalledTimes(1);
    stop();
  });

  it('opens Get PDB from the browser event and announces the import', async () => {
    const calls = mockApi({
      'GET /v1/projects/1': () => ok(project(tree)),
      'POST /v1/files/get_pdb': () => ok(file(30, '5VCV.pdb', { source_type: 'GET_PDB' })),
    });
    const imported = vi.fn();
    const stop = onBrowserEvent('pdbImportSuccess', imported);
    renderPage(<WorkspacePage />, { path: '/', url: '/?project=1' });
    await screen.findByTestId('entry-row-1');

    window.dispatchEvent(new CustomEvent('openGetPDBModal'));
    fireEvent.click(await screen.findByTestId('get-pdb-ok'));
    expect(await screen.findByText('Please input PDB ID')).toBeTruthy();

    fireEvent.change(screen.getByTestId('pdb-id-input'), { target: { value: '5vcv' } });
    fireEvent.click(screen.getByTestId('get-pdb-ok'));
    await waitFor(() => expect(imported).toHaveBeenCalledWith({ pdbId: '5VCV', fileId: 30 }));
    expect(calls.find((c) => c.path === '/v1/files/get_pdb')?.body).toEqual({ project_id: 1, pdb_id: '5VCV' });
    stop();
  });

  it('renames inline: blank refused, unchanged closes, a new name is stored', async () => {
    const calls = mockApi({
      'GET /v1/projects/1': () => ok(project(tree)),
      'PUT /v1/files/1/name': (body) => ok(file(1, (body as { name: string }).name)),
    });
    renderPage(<WorkspacePage />, { path: '/', url: '/?project=1' });
    await openMenu('entry-row-1');
    fireEvent.click(await screen.findByTestId('ctx-rename'));
    const input = (await screen.findByTestId('entry-rename-input')) as HTMLInputElement;
    expect(input.maxLength).toBe(70);

    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(toastTexts()).toContain('Filename cannot be none!'));

    fireEvent.change(input, { target: { value: 'protein.pdb' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(toastTexts()).toContain('Update successful.'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: 'protein.pdb', is_file: true });
    await waitFor(() => expect(screen.queryByTestId('entry-rename-input')).toBeNull());
  });

  it('disables changes for READ_ONLY members', async () => {
    mockApi({ 'GET /v1/projects/1': () => ok(project(tree, 'READ_ONLY')) });
    renderPage(<WorkspacePage />, { path: '/', url: '/?project=1' });
    await screen.findByTestId('entry-row-1');
    expect((screen.getByTestId('import-structure') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('get-pdb') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('export-structure') as HTMLButtonElement).disabled).toBe(false);
  });
});
