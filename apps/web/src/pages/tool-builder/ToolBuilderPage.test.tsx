import {
  BuilderDraft,
  type BuilderDraftInput,
  type BuilderPreview,
  type Job,
  type ToolDetails,
  type User,
} from '@medx/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../api/session';
import { testUser } from '../../test/fixtures';
import { type ApiCall, mockApi, ok, renderPage, setupPageTests, type } from '../../test/test-providers';
import { fileBytes } from './file-bytes';
import { ToolBuilderPage } from './ToolBuilderPage';
import { draftStorageKey } from './use-builder-draft';

setupPageTests();

const complete: BuilderDraftInput = {
  info: { toolId: 'score_tool', toolName: 'Score', version: '1.0.0' },
  params: [
    { type: 'data', name: 'receptor', label: 'Receptor', fileTypes: [{ format: 'pdb', label: 'PDB' }] },
    { type: 'float', name: 'cutoff', label: 'Cutoff', default: 5, validator: { min: 0, max: 10, step: null } },
    { type: 'output_data', name: 'out', format: 'txt' },
  ],
  commandBlocks: [{ id: 'b1', content: 'python $__tool_directory__/run.py $receptor $cutoff > $out' }],
  scripts: [{ name: 'run.py', encoding: 'utf8', content: 'print(1)\n' }],
};

const base = { help: null, optional: false, viewer: null };
const previewTool: ToolDetails = {
  id: 'score_tool',
  name: 'Score',
  version: '1.0.0',
  description: '',
  category: 'Drafts',
  tags: [],
  available: true,
  unavailable_reason: null,
  allowed: true,
  description_help: null,
  data: [
    {
      ...base,
      name: 'receptor',
      label: 'Receptor',
      type: 'data',
      format: ['pdb'],
      multiple: false,
      is_connection: false,
      connection: null,
    },
  ],
  inputs: [
    {
      ...base,
      name: 'receptor',
      label: 'Receptor',
      type: 'data',
      format: ['pdb'],
      multiple: false,
      is_connection: false,
      connection: null,
    },
    { ...base, name: 'cutoff', label: 'Cutoff', type: 'float', default: 5, min: 0, max: 10 },
  ],
  outputs: [{ name: 'out', format: 'txt', label: null }],
  requirements: [],
};

const preview = (tool: ToolDetails | null = null): BuilderPreview => ({
  xml: '<tool id="score_tool" name="Score" version="1.0.0"/>',
  schema_errors: [],
  tool,
  load_error: null,
});

const pdb = {
  id: 31,
  name: 'rec.pdb',
  ext: 'pdb',
  file_type: 'PDB',
  source_type: 'ALIYUN',
  size: 10,
  created_at: '2026-01-02T03:04:05Z',
  is_file: true,
  group_id: null,
  project_id: 3,
  is_show_entry: true,
  is_job_result: false,
  job_id: null,
  description: null,
  url: '/v1/files/31/download',
};

const job = (status: Job['status']): Job => ({
  id: 99,
  job_name: null,
  job_type: 'TOOL_DRAFT',
  status,
  project_id: 3,
  project_name: 'P',
  operator: 'ada',
  created_at: '2026-01-02T03:04:05Z',
  start_time: null,
  end_time: null,
  progress_done: null,
  progress_total: null,
  error: status === 'FAILED' ? 'exit code 1' : null,
});

interface Sent {
  url: string;
  form: FormData;
}

/** The page for `user` with `draft` in the tab's storage; FormData bodies are kept in `sent`. */
function open(
  draft: BuilderDraftInput | null,
  handlers: Parameters<typeof mockApi>[0] = {},
  user: User = testUser,
): { calls: ApiCall[]; sent: Sent[] } {
  saveSession({ user, token: 'tok' });
  if (draft) {
    const parsed = BuilderDraft.parse(draft);
    sessionStorage.setItem(draftStorageKey(user.id), JSON.stringify({ draft: parsed, savedJson: '' }));
  }
  const calls = mockApi({
    'GET /v1/users/': () => ok(user),
    'GET /v1/tool-builder/versions': () => ok({ total: 0, items: [] }),
    'GET /v1/tool-builder/submissions': () => ok({ total: 0, items: [] }),
    'POST /v1/tool-builder/preview': () => ok(preview()),
    'POST /v1/users/publish_app': () => ok({ id: 1 }),
    ...handlers,
  });
  const sent: Sent[] = [];
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    if (init.body instanceof FormData) sent.push({ url: String(input), form: init.body });
    return inner(input, init);
  });
  renderPage(<ToolBuilderPage />, { path: '/tool-builder' });
  return { calls, sent };
}

const submitButton = () => screen.getByTestId('builder-submit') as HTMLButtonElement;

afterEach(() => sessionStorage.clear());

describe('Tool Uploader page', () => {
  it('tells guests to register', async () => {
    open(null, {}, { ...testUser, user_type: 'GUEST' });
    expect((await screen.findByTestId('builder-guest')).textContent).toContain(
      'Please sign up to build and submit tools.',
    );
    expect(screen.queryByTestId('builder-submit')).toBeNull();
  });

  it('keeps Submit disabled while the draft has problems, with the reason in words', async () => {
    open({ info: { toolId: 'x', toolName: '' } });
    await screen.findByTestId('tool-builder-page');
    expect(submitButton().disabled).toBe(true);
    expect(submitButton().dataset.blocker).toBe('problems');
    expect(screen.getByTestId('builder-submit-reason').textContent).toMatch(/^Fix \d+ problems to submit\.$/);
    // Preview refuses too, showing the first problem as the server would.
    fireEvent.click(screen.getByTestId('builder-preview'));
    expect(await screen.findByText(/^The tool has \d+ problem\(s\); the first: This field is required$/)).toBeTruthy();
  });

  it('previews, then submits the zip; the button reads Submitted until the draft changes', async () => {
    const { calls, sent } = open(complete);
    await screen.findByTestId('tool-builder-page');
    expect(submitButton().dataset.blocker).toBe('preview');
    expect(screen.getByTestId('builder-submit-reason').textContent).toBe('Preview the tool before submitting it.');

    fireEvent.click(screen.getByTestId('builder-preview'));
    expect(await screen.findByTestId('builder-preview-valid')).toBeTruthy();
    expect(calls.find((c) => c.path === '/v1/tool-builder/preview')?.body).toMatchObject({
      draft: { info: { toolId: 'score_tool' } },
    });
    await waitFor(() => expect(submitButton().disabled).toBe(false));

    fireEvent.click(submitButton());
    expect(await screen.findByText('Tool submitted successfully!')).toBeTruthy();
    await waitFor(() => expect(submitButton().textContent).toBe('Submitted'));
    expect(submitButton().disabled).toBe(true);

    expect(sent).toHaveLength(1);
    const [{ url, form }] = sent as [Sent];
    expect(url).toBe('/v1/users/publish_app');
    expect(form.get('tool_id')).toBe('score_tool');
    expect(form.get('tool_name')).toBe('Score');
    expect(form.get('version')).toBe('1.0.0');
    expect(form.get('test_job_id')).toBeNull();
    const zip = form.get('file') as File;
    expect(zip.name).toBe(`${testUser.id}.zip`);
    const members = unzipSync(await fileBytes(zip));
    expect(Object.keys(members).sort()).toEqual(['run.py', 'score_tool.xml']);
    expect(strFromU8(members['score_tool.xml']!)).toBe(preview().xml);

    // Any change makes it submittable again (the next submit previews the changed draft first).
    fireEvent.click(screen.getByTestId('builder-tab-build'));
    type('builder-tool-version', '1.0.1');
    await waitFor(() => expect(submitButton().textContent).toBe('Submit'));
    expect(submitButton().disabled).toBe(false);
  });

  it('words a refused submission with the server’s msg, or Unknown error', async () => {
    let msg = 'Version 1.0.0 of score_tool has been submitted already; raise the version to submit a new one.';
    open(complete, { 'POST /v1/users/publish_app': () => ({ success: false, msg, data: null }) });
    fireEvent.click(await screen.findByTestId('builder-preview'));
    await screen.findByTestId('builder-preview-valid');
    fireEvent.click(submitButton());
    expect(await screen.findByText(`Failed to submit tool: ${msg}`)).toBeTruthy();
    expect(submitButton().textContent).toBe('Submit');
    msg = '';
    fireEvent.click(submitButton());
    expect(await screen.findByText('Failed to submit tool: Unknown error')).toBeTruthy();
  });

  it('needs a user with an email to submit', async () => {
    const { sent } = open(complete, {}, { ...testUser, email: null });
    fireEvent.click(await screen.findByTestId('builder-preview'));
    await screen.findByTestId('builder-preview-valid');
    fireEvent.click(submitButton());
    expect(await screen.findByText('Submitting a tool needs a signed-in user with an email address.')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('test-runs the preview form on project files and uses the run as the tool’s test', async () => {
    let status: Job['status'] = 'RUNNING';
    const { calls, sent } = open(complete, {
      'POST /v1/tool-builder/preview': () => ok(preview(previewTool)),
      'GET /v1/projects': () =>
        ok({
          total: 1,
          items: [
            {
              id: 3,
              project_name: 'P',
              creator_id: 7,
              created_at: '',
              updated_at: '',
              role: 'OWNER',
              is_shared: false,
            },
          ],
        }),
      'GET /v1/files': () => ok({ total: 1, items: [pdb] }),
      'POST /v1/tools/import': () =>
        ok({ items: [{ file_id: 31, galaxy_file_id: 'g31', name: 'rec.pdb', ext: 'pdb' }] }),
      'POST /v1/tool-builder/test-runs': () => ok({ job_id: 99 }),
      'GET /v1/jobs/99': () => ok(job(status)),
      'GET /v1/jobs/99/files': () => ok([{ ...pdb, id: 40, name: 'out.txt', ext: 'txt', job_id: 99 }]),
    });
    fireEvent.click(await screen.findByTestId('builder-preview'));
    await screen.findByTestId('builder-preview-form');
    fireEvent.change(screen.getByTestId('tool-param-cutoff'), { target: { value: '7' } });
    // The user's project is chosen first; its PDB files are offered.
    fireEvent.click(await screen.findByTestId('tool-file-row-31'));
    expect(screen.getByTestId('tool-param-cutoff')).toHaveProperty('value', '7.0');
    fireEvent.click(screen.getByTestId('builder-test-run-start'));

    await screen.findByTestId('builder-test-run');
    expect(calls.find((c) => c.path === '/v1/tools/import')?.body).toEqual({ project_id: 3, file_ids: [31] });
    const run = calls.find((c) => c.path === '/v1/tool-builder/test-runs')?.body as {
      project_id: number;
      draft: { values: unknown };
      tool_inputs: unknown;
    };
    expect(run.project_id).toBe(3);
    expect(run.tool_inputs).toEqual({ receptor: { batch: false, values: [{ id: 'g31', src: 'hda' }] }, cutoff: 7 });
    expect(run.draft.values).toEqual({ receptor: [31], cutoff: 7 });
    expect((await screen.findByTestId('builder-test-status')).dataset.status).toBe('RUNNING');

    status = 'FINISHED';
    await waitFor(() => expect(screen.getByTestId('builder-test-status').dataset.status).toBe('FINISHED'), {
      timeout: 6000,
    });
    expect((await screen.findByTestId('builder-test-outputs')).textContent).toContain('out.txt');
    fireEvent.click(screen.getByTestId('builder-test-use'));
    expect(await screen.findByTestId('builder-test-used')).toBeTruthy();

    // The submission names the test run.
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    fireEvent.click(submitButton());
    await screen.findByText('Tool submitted successfully!');
    expect(sent[0]?.form.get('test_job_id')).toBe('99');
  }, 20_000);
});

describe('versions', () => {
  const summary = (id: number, note: string) => ({
    id,
    tool_id: 'score_tool',
    version: `1.0.${id}`,
    timestamp: '2026-01-02T03:04:05Z',
    note,
  });
  const version = (id: number) => ({
    ...summary(id, ''),
    draft: BuilderDraft.parse({ ...complete, info: { ...complete.info, version: `1.0.${id}` } }),
  });
  const handlers = {
    'GET /v1/tool-builder/versions': () => ok({ total: 2, items: [summary(2, 'faster'), summary(1, 'first')] }),
    'GET /v1/tool-builder/versions/1': () => ok(version(1)),
    'GET /v1/tool-builder/versions/2': () => ok(version(2)),
    'POST /v1/tool-builder/versions': () => ok(summary(3, 'third')),
  };

  it('saves a version with a note', async () => {
    const { calls } = open(complete, handlers);
    await screen.findByTestId('tool-builder-page');
    expect(screen.getByTestId('builder-saved-state').textContent).toBe('Unsaved changes');
    fireEvent.click(screen.getByTestId('builder-save-version'));
    type('builder-version-note', ' third ');
    fireEvent.click(screen.getByTestId('builder-save-version-ok'));
    expect(await screen.findByText('Version 3 saved.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/v1/tool-builder/versions')?.body).toMatchObject({
      note: 'third',
      draft: { info: { toolId: 'score_tool' } },
    });
    await waitFor(() => expect(screen.getByTestId('builder-saved-state').textContent).toBe('All changes saved'));
  });

  it('compares two versions field by field, and loads one after a confirm when there are unsaved changes', async () => {
    const { calls } = open(complete, handlers);
    fireEvent.click(await screen.findByTestId('builder-tab-versions'));
    await screen.findByText('faster');
    expect(calls.find((c) => c.path === '/v1/tool-builder/versions')?.query).toMatchObject({ tool_id: 'score_tool' });
    fireEvent.click(screen.getByTestId('builder-version-select-1'));
    fireEvent.click(screen.getByTestId('builder-version-select-2'));
    fireEvent.click(screen.getByTestId('builder-versions-compare'));
    const table = await screen.findByTestId('builder-compare-table');
    expect(within(table).getByText('info.version')).toBeTruthy();
    expect(within(table).getByText('1.0.1')).toBeTruthy();
    expect(within(table).getByText('1.0.2')).toBeTruthy();
    fireEvent.click(within(table.closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'Close' }));

    fireEvent.click(screen.getByTestId('builder-version-load-1'));
    fireEvent.click(await screen.findByTestId('builder-version-load-confirm'));
    expect(await screen.findByText('Version 1 loaded.')).toBeTruthy();
    expect((screen.getByTestId('builder-tool-version') as HTMLInputElement).value).toBe('1.0.1');
    expect(screen.getByTestId('builder-saved-state').textContent).toBe('All changes saved');
  });
});

describe('import and conda', () => {
  it('imports a tool XML after a confirm and lists what was left out', async () => {
    const { calls } = open(complete, {
      'POST /v1/tool-builder/import': () =>
        ok({
          draft: BuilderDraft.parse({ info: { toolId: 'imported', toolName: 'Imported' } }),
          warnings: ['<repeat name="r"> is not supported'],
        }),
    });
    fireEvent.click(await screen.findByTestId('builder-import'));
    const xml = '<tool id="imported" name="Imported"><command>run</command></tool>';
    fireEvent.change(await screen.findByTestId('builder-import-xml-input'), {
      target: { files: [new File([xml], 'imported.xml', { type: 'text/xml' })] },
    });
    fireEvent.change(screen.getByTestId('builder-import-macros-input'), {
      target: { files: [new File(['@A@ 1'], 'macros.txt')] },
    });
    await screen.findByText('imported.xml');
    await screen.findByText('macros.txt');
    fireEvent.click(screen.getByTestId('builder-import-run'));
    fireEvent.click(await screen.findByTestId('builder-import-confirm'));
    expect((await screen.findByTestId('builder-import-warnings')).textContent).toContain(
      '<repeat name="r"> is not supported',
    );
    expect(calls.find((c) => c.path === '/v1/tool-builder/import')?.body).toEqual({ xml, macros: '@A@ 1' });
    expect((screen.getByTestId('builder-tool-id') as HTMLInputElement).value).toBe('imported');
  });

  it('refuses a conda file of another type, and merges the packages of a good one', async () => {
    const { calls } = open(
      { ...complete, dependencies: [{ name: 'rdkit', version: '2024.03', channel: 'conda-forge' }] },
      {
        'POST /api/parse-conda': () =>
          ok({
            dependencies: [
              { name: 'rdkit', version: '2024.03', channel: 'conda-forge' },
              { name: 'numpy', version: '1.26', channel: 'conda-forge' },
            ],
          }),
      },
    );
    const input = await screen.findByTestId('builder-conda-upload-input');
    fireEvent.change(input, { target: { files: [new File(['x'], 'env.yml')] } });
    expect(await screen.findByText('Invalid file format. Supported formats: bz2, xml, zip')).toBeTruthy();
    fireEvent.change(input, { target: { files: [new File(['<env/>'], 'env.xml')] } });
    expect(await screen.findByText('1 dependency added, 1 already listed.')).toBeTruthy();
    expect((screen.getByTestId('builder-dep-name-1') as HTMLInputElement).value).toBe('numpy');
    expect(screen.getByTestId('builder-conda-file').textContent).toContain('env.xml');
    expect(calls.filter((c) => c.path === '/api/parse-conda')).toHaveLength(1);
  });
});
