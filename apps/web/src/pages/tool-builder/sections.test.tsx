import { EditorView } from '@codemirror/view';
import { type BuilderDraftInput, SCRIPT_EXTENSIONS } from '@medx/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useReducer } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errors, renderPage, setupPageTests, type } from '../../test/test-providers';
import { builderReducer, initialState, normalizeDraft } from './builder-draft';
import { CommandCard } from './CommandCard';
import { DependenciesCard } from './DependenciesCard';
import { ParamsCard } from './ParamsCard';
import { ToolInfoCard } from './ToolInfoCard';
import { ProblemsProvider, useProblemsView } from './use-problems';

setupPageTests();

/** The sections over one reducer, problems shown; the draft as JSON for assertions. */
function Harness({ initial }: { initial: BuilderDraftInput }) {
  const [state, dispatch] = useReducer(builderReducer, initialState(normalizeDraft(initial)));
  const problems = useProblemsView(state.draft, true);
  const { draft } = state;
  return (
    <ProblemsProvider value={problems}>
      <ToolInfoCard info={draft.info} onChange={(patch) => dispatch({ type: 'setInfo', patch })} />
      <DependenciesCard dependencies={draft.dependencies} dispatch={dispatch} conda={null} onConda={() => undefined} />
      <ParamsCard params={draft.params} dispatch={dispatch} />
      <CommandCard blocks={draft.commandBlocks} params={draft.params} scripts={draft.scripts} dispatch={dispatch} />
      <pre data-testid="state">{JSON.stringify(draft)}</pre>
    </ProblemsProvider>
  );
}

const render = (initial: BuilderDraftInput) => renderPage(<Harness initial={initial} />, { path: '/' });
const draftNow = () => JSON.parse(screen.getByTestId('state').textContent ?? '{}');

/** The CodeMirror view of command block `index`. */
const blockView = (index: number) => {
  const content = screen.getByTestId(`builder-block-${index}`).querySelector('.cm-content') as HTMLElement;
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error('no editor');
  return { content, view };
};

describe('problems beside their fields', () => {
  it('shows the info problems and clears them as the fields are filled', () => {
    render({ info: { toolId: '', toolName: '', version: '1 0' } });
    expect(errors()).toEqual(
      expect.arrayContaining([
        'This field is required',
        'A version holds only letters, digits, ".", "_", "+" and "-" (for example 1.0.0).',
      ]),
    );
    type('builder-tool-id', '9bad');
    expect(errors()).toContain(
      'A tool ID starts with a letter and holds only letters, digits, ".", "_" and "-" (at most 100).',
    );
    type('builder-tool-id', 'good_id');
    type('builder-tool-name', 'Good');
    type('builder-tool-version', '1.0.0');
    const infoErrors = Array.from(
      screen.getByTestId('builder-info').querySelectorAll('.ant-form-item-explain-error'),
    ).map((n) => n.textContent);
    expect(infoErrors).toEqual([]);
  });

  it('shows a numeric param’s bounds, in the drawer, with the spec’s texts', async () => {
    render({
      info: { toolId: 't', toolName: 'T' },
      params: [
        { type: 'float', name: 'cutoff', default: 2, validator: { min: 5, max: 10, step: null } },
        { type: 'data', name: 'receptor' },
        { type: 'dependency', name: 'chain' },
      ],
    });
    expect(screen.getByTestId('builder-param-problems-0').textContent).toBe('1');
    fireEvent.click(screen.getByTestId('builder-param-edit-0'));
    const drawer = await screen.findByTestId('builder-param-drawer');
    expect(errors()).toContain('Must be greater than 5');
    fireEvent.change(within(drawer).getByTestId('builder-param-default'), { target: { value: '12' } });
    await waitFor(() => expect(errors()).toContain('Must be less than 10'));
    fireEvent.click(within(drawer).getByTestId('builder-param-done'));

    fireEvent.click(screen.getByTestId('builder-param-edit-1'));
    await waitFor(() => expect(errors()).toContain('Add at least one file type.'));
    fireEvent.click(screen.getByTestId('builder-filetypes-add'));
    fireEvent.change(screen.getByTestId('builder-filetypes-format-0'), { target: { value: 'pdb' } });
    await waitFor(() => expect(errors()).not.toContain('Add at least one file type.'));
    expect(draftNow().params[1].fileTypes).toEqual([{ format: 'pdb', label: '' }]);
    fireEvent.click(screen.getByTestId('builder-param-done'));

    fireEvent.click(screen.getByTestId('builder-param-edit-2'));
    await waitFor(() => expect(errors()).toContain('Dependencies not met'));
  });

  it('shows the dependency table’s problems', () => {
    render({
      info: { toolId: 't', toolName: 'T' },
      dependencies: [
        { name: 'rdkit', version: '1', channel: '' },
        { name: 'rdkit', version: '1', channel: '' },
        { name: '', version: '', channel: '' },
      ],
    });
    expect(screen.getByTestId('builder-dep-problem-1').textContent).toBe('Dependency already exists');
    expect(screen.getByTestId('builder-dep-problem-2').textContent).toBe('Package name is required');
    expect(screen.queryByTestId('builder-dep-problem-0')).toBeNull();
  });

  it('lists the command’s problems under the blocks', () => {
    render({ info: { toolId: 't', toolName: 'T' }, commandBlocks: [{ id: 'b1', content: 'run $nope' }] });
    expect(screen.getByTestId('builder-command-problems').textContent).toContain(
      'The command refers to $nope, which is not a parameter.',
    );
  });
});

describe('param chips', () => {
  // happy-dom fires selectionchange synchronously while CodeMirror writes a focused editor's DOM
  // selection (browsers fire it later), which CodeMirror refuses: keep the DOM focus out of it.
  beforeEach(() => {
    vi.spyOn(EditorView.prototype, 'focus').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const initial: BuilderDraftInput = {
    info: { toolId: 't', toolName: 'T' },
    params: [
      { type: 'float', name: 'cutoff' },
      { type: 'condition', name: 'mode', options: [{ value: 'fast', label: 'Fast' }] },
      { type: 'integer', name: 'steps', dependsOn: { param: 'mode', value: 'fast' } },
    ],
    scripts: [{ name: 'run.py', encoding: 'utf8', content: 'print(1)' }],
    commandBlocks: [
      { id: 'b1', content: 'first' },
      { id: 'b2', content: 'python  --x' },
    ],
  };

  it('inserts the param’s reference at the cursor of the focused block', async () => {
    render(initial);
    expect(screen.getByTestId('builder-chip-steps').textContent).toBe('$mode.steps');
    expect(screen.getByTestId('builder-chip-mode').textContent).toBe('$mode.mode_selector');
    const { content, view } = blockView(1);
    act(() => {
      view.dispatch({ selection: { anchor: 'python '.length } });
      fireEvent.focus(content);
    });
    fireEvent.click(screen.getByTestId('builder-chip-script-run.py'));
    await waitFor(() => expect(draftNow().commandBlocks[1].content).toBe('python $__tool_directory__/run.py --x'));
    fireEvent.click(screen.getByTestId('builder-chip-steps'));
    await waitFor(() =>
      expect(draftNow().commandBlocks[1].content).toBe('python $__tool_directory__/run.py$mode.steps --x'),
    );
    expect(draftNow().commandBlocks[0].content).toBe('first');

    act(() => {
      blockView(0).view.dispatch({ selection: { anchor: 0 } });
      fireEvent.focus(blockView(0).content);
    });
    fireEvent.click(screen.getByTestId('builder-chip-cutoff'));
    await waitFor(() => expect(draftNow().commandBlocks[0].content).toBe('$cutofffirst'));
  });

  it('inserts into the last block when none was focused, and into a new one when there is none', async () => {
    render({
      ...initial,
      commandBlocks: [
        { id: 'b1', content: 'a' },
        { id: 'b2', content: 'run' },
      ],
    });
    // At the end of a block not yet edited, after a space.
    fireEvent.click(screen.getByTestId('builder-chip-cutoff'));
    await waitFor(() => expect(draftNow().commandBlocks[1].content).toBe('run $cutoff'));
    fireEvent.click(screen.getByTestId('builder-block-remove-1'));
    fireEvent.click(screen.getByTestId('builder-block-remove-0'));
    expect(draftNow().commandBlocks).toEqual([]);
    fireEvent.click(screen.getByTestId('builder-chip-cutoff'));
    await waitFor(() => expect(draftNow().commandBlocks).toEqual([{ id: 'block-1', content: '$cutoff' }]));
  });
});

describe('scripts', () => {
  const upload = (file: File) =>
    fireEvent.change(screen.getByTestId('builder-script-upload-input'), { target: { files: [file] } });

  it('adds a script, refuses a duplicate name and a wrong extension', async () => {
    render({ info: { toolId: 't', toolName: 'T' } });
    upload(new File(['print("hi")\n'], 'run.py', { type: 'text/x-python' }));
    await screen.findByTestId('builder-script-run.py');
    expect(draftNow().scripts).toEqual([{ name: 'run.py', encoding: 'utf8', content: 'print("hi")\n' }]);
    expect(screen.getByTestId('builder-chip-script-run.py').textContent).toBe('$__tool_directory__/run.py');

    upload(new File(['x'], 'run.py'));
    expect(await screen.findByText('A script named run.py exists already.')).toBeTruthy();
    upload(new File(['x'], 'notes.txt'));
    expect(
      await screen.findByText(`Invalid file format. Supported formats: ${SCRIPT_EXTENSIONS.join(', ')}`),
    ).toBeTruthy();
    expect(draftNow().scripts).toHaveLength(1);

    upload(new File([new Uint8Array([0x4d, 0x5a, 0x00, 0x01])], 'tool.exe'));
    await screen.findByTestId('builder-script-tool.exe');
    expect(draftNow().scripts[1]).toEqual({ name: 'tool.exe', encoding: 'base64', content: 'TVoAAQ==' });
    fireEvent.click(screen.getByTestId('builder-script-remove-run.py'));
    expect(draftNow().scripts.map((s: { name: string }) => s.name)).toEqual(['tool.exe']);
  });
});
