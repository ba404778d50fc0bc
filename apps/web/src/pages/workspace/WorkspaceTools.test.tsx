import type { ToolDataParam, ToolDetails, ToolPanelItem, ToolParam } from '@medx/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HeaderSlotProvider, HeaderSlotTarget } from '../../lib/header-slot';
import { mockApi, ok, renderPage, setupPageTests } from '../../test/test-providers';
import { NoLicenceModal } from '../billing/NoLicenceModal';
import { WorkspacePage } from './WorkspacePage';

const project = {
  id: 1,
  project_name: 'Kinase',
  creator_id: 7,
  creator: { id: 7, username: 'ada', email: null },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  role: 'OWNER',
  is_shared: false,
  files: [],
};

const tool = (id: string, name: string, extra: Partial<ToolPanelItem> = {}): ToolPanelItem => ({
  id,
  name,
  version: '1.0',
  description: `${name} description`,
  category: 'Structure Alignment',
  tags: [],
  available: true,
  unavailable_reason: null,
  allowed: true,
  ...extra,
});

const PANEL: ToolPanelItem[] = [
  tool('medx_obrms', 'Ligand RMSD', { description: 'of poses, symmetry aware', tags: ['openbabel', 'rmsd'] }),
  tool('medx_sim', 'Similarity search', { category: 'Virtual Screening' }),
  tool('medx_gone', 'Broken tool', { available: false, unavailable_reason: 'obrms is not installed' }),
  tool('medx_denied', 'Paid tool', { allowed: false, category: 'Docking' }),
  tool('medx_a', 'Alpha'),
  tool('medx_b', 'Beta'),
];

const base = { help: null, optional: false, viewer: null };
const data = (name: string, label: string): ToolDataParam => ({
  ...base,
  name,
  label,
  type: 'data',
  format: ['sdf', 'pdbqt'],
  multiple: false,
  is_connection: false,
  connection: null,
});

const INPUTS: ToolParam[] = [
  data('reference', 'Reference pose'),
  data('poses', 'Poses to compare'),
  {
    ...base,
    name: 'query',
    label: 'Query',
    type: 'conditional',
    test: {
      ...base,
      name: 'from',
      label: 'Query from',
      type: 'select',
      multiple: false,
      default: 'text',
      options: [
        { value: 'text', label: 'SMILES typed here' },
        { value: 'none', label: 'Nothing' },
      ],
    },
    when: {
      text: [{ ...base, name: 'smiles', label: 'Query SMILES', type: 'text', default: 'CCO', area: false }],
      none: [],
    },
  },
  { ...base, name: 'threshold', label: 'Threshold', type: 'float', default: 0.3, min: 0, max: 1 },
  { ...base, name: 'secret', label: '', type: 'hidden', default: 'h' },
];

const details = (id: string): ToolDetails => {
  const item = PANEL.find((candidate) => candidate.id === id) ?? tool(id, id);
  return {
    ...item,
    description_help: null,
    data: INPUTS.filter((param): param is ToolDataParam => param.type === 'data'),
    inputs: INPUTS,
    outputs: [],
    requirements: [],
  };
};

const file = (id: number, name: string) => ({
  id,
  name,
  ext: name.split('.').pop(),
  file_type: (name.split('.').pop() ?? '').toUpperCase(),
  source_type: 'ALIYUN',
  size: 10,
  created_at: '2026-01-02T03:04:05Z',
  is_file: true,
  group_id: null,
  project_id: 1,
  is_show_entry: true,
  is_job_result: false,
  job_id: null,
  description: null,
  url: `/v1/files/${id}/download`,
});

const FILES = [file(1, 'crystal.sdf'), file(2, 'docked.pdbqt'), file(3, 'other.sdf'), file(4, 'notes.png')];

function Search() {
  return <div data-testid="search">{useLocation().search}</div>;
}

function Page() {
  return (
    <HeaderSlotProvider>
      <Search />
      <header>
        <HeaderSlotTarget />
      </header>
      <WorkspacePage />
      {/* The shell's, as in AppShell. */}
      <NoLicenceModal />
    </HeaderSlotProvider>
  );
}

const search = () => screen.getByTestId('search').textContent ?? '';
const toastTexts = () => Array.from(document.querySelectorAll('.ant-message-notice')).map((n) => n.textContent);

function mockTools(extra: Record<string, (body: unknown) => ReturnType<typeof ok>> = {}) {
  localStorage.setItem('token', 'test-token');
  return mockApi({
    'GET /v1/projects/1': () => ok(project),
    'GET /v1/users/permissions': () => ok({ tools: ['medx_denied'], workflows: {} }),
    'GET /v1/tools/panel': () => ok(PANEL),
    'POST /v1/tools/details': (body) => {
      const id = (body as { tool_id: string }).tool_id;
      return id === 'nope' ? { success: false, msg: 'Tool not found', data: null } : ok(details(id));
    },
    'POST /v1/tools/tutorial': (body) =>
      ok({ tool_id: (body as { tool_id: string }).tool_id, kind: 'text', content: 'How to compare poses.' }),
    'GET /v1/files': () => ok({ total: FILES.length, items: FILES }),
    'GET /v1/jobs/count': () => ok({ running_count: 0 }),
    ...extra,
  });
}

setupPageTests();

describe('Workspace: the Tools dialog and the tool wizard', () => {
  it('searches case-insensitively (also the description), 5 a page, and a row opens the tool', async () => {
    mockTools();
    renderPage(<Page />, { path: '/', url: '/?project=1&workflow=w' });
    fireEvent.click(await screen.findByTestId('tools-button'));
    const dialog = await screen.findByTestId('tools-dialog');
    await within(dialog).findByTestId('tools-row-medx_a');
    // Six tools, five a page.
    expect(within(dialog).getAllByRole('row').length - 1).toBe(5);
    fireEvent.change(screen.getByTestId('tools-search'), { target: { value: 'SYMMETRY' } });
    await waitFor(() => expect(within(dialog).getAllByRole('row').length - 1).toBe(1));
    // An unavailable tool is disabled with its reason.
    fireEvent.change(screen.getByTestId('tools-search'), { target: { value: 'broken' } });
    expect(await within(dialog).findByText('Cannot run on this server: obrms is not installed')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('tools-row-medx_gone'));
    expect(search()).toContain('workflow=w');

    fireEvent.change(screen.getByTestId('tools-search'), { target: { value: 'medx_OBRMS' } });
    fireEvent.click(await within(dialog).findByTestId('tools-row-medx_obrms'));
    await waitFor(() => expect(search()).toBe('?project=1&tool=medx_obrms'));
    expect((await screen.findByTestId('tool-window-name', {}, { timeout: 10_000 })).textContent).toBe('Ligand RMSD');
  }, 30_000);

  it('runs one job per combination: imports the files, then one POST per job with flat inputs', async () => {
    const calls = mockTools({
      'POST /v1/tools/import': (body) =>
        ok({
          items: (body as { file_ids: number[] }).file_ids.map((id) => ({
            galaxy_file_id: `g${id}`,
            file_id: id,
            name: `f${id}`,
            ext: 'sdf',
          })),
        }),
      'POST /v1/jobs/tool': () => ok({ job_id: 9 }, 'Submit successful.'),
    });
    renderPage(<Page />, { path: '/', url: '/?project=1&tool=medx_obrms' });
    await screen.findByTestId('tool-window', {}, { timeout: 10_000 });
    const next = screen.getByTestId('tool-next') as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    // The picker offers the files whose extension the input's formats take (no PNG).
    fireEvent.click(await screen.findByTestId('tool-file-row-1'));
    expect(screen.queryByTestId('tool-file-row-4')).toBeNull();
    expect(next.disabled).toBe(false);
    fireEvent.click(next);
    fireEvent.click(await screen.findByTestId('tool-file-row-2'));
    fireEvent.click(screen.getByTestId('tool-file-row-3'));
    expect(screen.getByTestId('tool-chosen-poses').textContent).toBe('2 files chosen');
    // Previous keeps what was chosen.
    fireEvent.click(screen.getByTestId('tool-previous'));
    expect(screen.getByTestId('tool-chosen-reference').textContent).toBe('1 file chosen');
    fireEvent.click(screen.getByTestId('tool-next'));
    fireEvent.click(screen.getByTestId('tool-next'));
    expect((await screen.findByTestId('tool-job-count')).textContent).toBe(
      '2 jobs will be submitted (one per combination of the chosen files).',
    );
    // A number outside its limits is refused before anything is sent.
    fireEvent.change(screen.getByTestId('tool-param-threshold'), { target: { value: '5' } });
    fireEvent.blur(screen.getByTestId('tool-param-threshold'));
    fireEvent.change(screen.getByTestId('tool-param-query|smiles'), { target: { value: 'c1ccccc1' } });
    fireEvent.click(screen.getByTestId('tool-submit'));
    await waitFor(() => expect(toastTexts()).toContain('Submit successful.'));

    expect(calls.find((c) => c.path === '/v1/tools/import')?.body).toEqual({ project_id: 1, file_ids: [1, 2, 3] });
    const jobs = calls.filter((c) => c.path === '/v1/jobs/tool').map((c) => c.body);
    const hda = (id: string) => ({ batch: false, values: [{ id, src: 'hda' }] });
    const common = { 'query|from': 'text', 'query|smiles': 'c1ccccc1', threshold: 1, secret: 'h' };
    expect(jobs).toEqual([
      { project_id: 1, tool_id: 'medx_obrms', tool_inputs: { reference: hda('g1'), poses: hda('g2'), ...common } },
      { project_id: 1, tool_id: 'medx_obrms', tool_inputs: { reference: hda('g1'), poses: hda('g3'), ...common } },
    ]);
    // Submit resets the wizard to its first step.
    expect(await screen.findByTestId('tool-step-reference')).toBeTruthy();
    expect(screen.getByTestId('tool-chosen-reference').textContent).toBe('0 files chosen');
  }, 30_000);

  it('switching the conditional drops the old branch; a failed submit says why', async () => {
    const calls = mockTools({
      'POST /v1/tools/import': () => ok({ items: [] }),
      'POST /v1/jobs/tool': () => ({ success: false, msg: 'reference: this field is required.', data: null }),
    });
    renderPage(<Page />, { path: '/', url: '/?project=1&tool=medx_obrms' });
    fireEvent.click(await screen.findByTestId('tool-file-row-1', {}, { timeout: 10_000 }));
    fireEvent.click(screen.getByTestId('tool-next'));
    fireEvent.click(await screen.findByTestId('tool-file-row-2'));
    fireEvent.click(screen.getByTestId('tool-next'));
    expect((await screen.findByTestId('tool-job-count')).textContent).toBe('1 job will be submitted.');
    expect(screen.getByTestId('tool-param-query|smiles')).toBeTruthy();
    // antd Select: open it and pick the other option.
    fireEvent.mouseDown(within(screen.getByTestId('tool-param-query|from')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Nothing'));
    await waitFor(() => expect(screen.queryByTestId('tool-param-query|smiles')).toBeNull());
    fireEvent.click(screen.getByTestId('tool-submit'));
    await waitFor(() => expect(toastTexts()).toContain('Error submitting job: reference: this field is required.'));
    const body = calls.find((c) => c.path === '/v1/jobs/tool')?.body as { tool_inputs: Record<string, unknown> };
    expect(body.tool_inputs['query|from']).toBe('none');
    expect('query|smiles' in body.tool_inputs).toBe(false);
    // The wizard keeps its values after a failure.
    expect(screen.getByTestId('tool-job-count')).toBeTruthy();
  }, 30_000);

  it("an unknown tool says 'Tool not found' and loses ?tool=; a denied one opens the reminder", async () => {
    mockTools();
    renderPage(<Page />, { path: '/', url: '/?project=1&tool=nope' });
    await waitFor(() => expect(toastTexts()).toContain('Tool not found'), { timeout: 10_000 });
    await waitFor(() => expect(search()).toBe('?project=1'));
    expect(screen.queryByTestId('window-tool')).toBeNull();
  }, 30_000);

  it('a tool the policy denies opens the no-licence reminder and hides the window', async () => {
    mockTools();
    renderPage(<Page />, { path: '/', url: '/?project=1&tool=medx_denied' });
    const reminder = await screen.findByTestId('no-licence-modal', {}, { timeout: 10_000 });
    expect(reminder.textContent).toContain('You do not have license to be authorized to use this function');
    expect(screen.getByTestId('no-licence-purchase')).toBeTruthy();
    await waitFor(() => expect(search()).toBe('?project=1'));
  }, 30_000);
});

describe('Workspace: the Tool guide', () => {
  it('opens from the floating button: tabs in order, favourites kept, tutorial, disabled and denied cards', async () => {
    mockTools();
    renderPage(<Page />, { path: '/', url: '/?project=1' });
    fireEvent.click(await screen.findByTestId('tool-guide-button'));
    const guide = await screen.findByTestId('tool-guide');
    await within(guide).findByTestId('tool-card-medx_a');
    const tabs = within(guide)
      .getAllByRole('tab')
      .map((tab) => tab.textContent);
    expect(tabs).toEqual(['ALL', 'FAV', 'Structure Alignment', 'Virtual Screening', 'Docking']);
    // The guide's tour: a hint card with step/total.
    fireEvent.click(screen.getByTestId('tool-tour-start'));
    expect((await screen.findByTestId('tool-tour-search')).textContent).toContain('name, ID or description');
    expect(screen.getByTestId('tool-tour-indicator').textContent).toBe('1 / 5');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByTestId('tool-tour-tabs')).toBeTruthy();
    expect(screen.getByTestId('tool-tour-indicator').textContent).toBe('2 / 5');
    fireEvent.click(document.querySelector('.ant-tour-close') as HTMLElement);
    await waitFor(() => expect(screen.queryByTestId('tool-tour-tabs')).toBeNull());
    // Sorted by name.
    const cards = within(guide)
      .getAllByRole('article')
      .map((card) => card.dataset.testid);
    expect(cards.slice(0, 3)).toEqual(['tool-card-medx_a', 'tool-card-medx_b', 'tool-card-medx_gone']);
    // Tags: at most two.
    expect(within(screen.getByTestId('tool-card-medx_obrms')).getByText('rmsd')).toBeTruthy();

    fireEvent.click(screen.getByTestId('tool-fav-medx_sim'));
    expect(JSON.parse(localStorage.getItem('toolGuide.favorites') ?? '[]')).toEqual(['medx_sim']);
    fireEvent.click(within(guide).getByText('FAV'));
    await waitFor(() => expect(within(guide).getAllByRole('article')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('tool-fav-medx_sim'));
    expect(JSON.parse(localStorage.getItem('toolGuide.favorites') ?? '[]')).toEqual([]);
    expect(await within(guide).findByText('No favourites yet. Star a tool to find it here.')).toBeTruthy();
    fireEvent.click(within(guide).getByText('ALL'));

    fireEvent.click(await screen.findByTestId('tool-tutorial-medx_obrms'));
    expect((await screen.findByTestId('tool-tutorial-text')).textContent).toBe('How to compare poses.');
    const panel = screen.getByTestId('tool-tutorial-panel');
    expect(Number(panel.dataset.height)).toBeGreaterThanOrEqual(140);
    // The icon of the open tool closes it.
    fireEvent.click(screen.getByTestId('tool-tutorial-medx_obrms'));
    await waitFor(() => expect(screen.queryByTestId('tool-tutorial-panel')).toBeNull());

    expect((screen.getByTestId('tool-open-medx_gone') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('tool-unavailable-medx_gone').textContent).toContain('obrms is not installed');
    fireEvent.click(screen.getByTestId('tool-open-medx_denied'));
    expect(await screen.findByTestId('no-licence-modal')).toBeTruthy();
    fireEvent.click(screen.getByTestId('no-licence-close'));

    fireEvent.change(screen.getByTestId('tool-guide-search'), { target: { value: 'similar' } });
    await waitFor(() => expect(within(guide).getAllByRole('article')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('tool-open-medx_sim'));
    await waitFor(() => expect(search()).toBe('?project=1&tool=medx_sim'));
    await waitFor(() => expect(screen.queryByTestId('tool-guide')).toBeNull());
  }, 30_000);
});
