import { BUILDER_PARAM_TYPES, builderProblems } from '@medx/contract';
import { describe, expect, it } from 'vitest';
import {
  type BuilderAction,
  type BuilderState,
  builderReducer,
  draftJson,
  emptyDraft,
  initialState,
  isPristine,
  mergeDependencies,
  newBlockId,
  toolJson,
  uniqueParamName,
} from './builder-draft';

const run = (actions: BuilderAction[], state: BuilderState = initialState()) => actions.reduce(builderReducer, state);

describe('builderReducer', () => {
  it('starts with an untouched draft: version 1.0.0 and one empty command block', () => {
    const state = initialState();
    expect(state.draft.info).toMatchObject({ toolId: '', toolName: '', version: '1.0.0', macros: '' });
    expect(state.draft.commandBlocks).toEqual([{ id: 'block-1', content: '' }]);
    expect(isPristine(state.draft)).toBe(true);
    expect(state.savedJson).toBe(draftJson(state.draft));
  });

  it('edits the info', () => {
    const state = run([
      { type: 'setInfo', patch: { toolId: 'score' } },
      { type: 'setInfo', patch: { toolName: 'Score' } },
    ]);
    expect(state.draft.info).toMatchObject({ toolId: 'score', toolName: 'Score', version: '1.0.0' });
    expect(isPristine(state.draft)).toBe(false);
  });

  it('adds params of every type with unique names and the contract defaults', () => {
    const state = run(BUILDER_PARAM_TYPES.map((paramType) => ({ type: 'addParam', paramType }) as BuilderAction));
    const names = state.draft.params.map((p) => p.name);
    expect(new Set(names).size).toBe(BUILDER_PARAM_TYPES.length);
    expect(names.slice(0, 3)).toEqual(['input_1', 'select_1', 'float_1']);
    expect(names).toContain('viewer_box_1');
    expect(names.filter((n) => n.startsWith('output_'))).toEqual(['output_1', 'output_2']);
    for (const p of state.draft.params) expect(p.name).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
    expect(state.draft.params[2]).toMatchObject({ type: 'float', default: null, required: true, multiple: false });
    expect(uniqueParamName('data', state.draft.params)).toBe('input_2');
  });

  it('renames a param: params depending on it and its saved value follow', () => {
    const state = run([
      { type: 'addParam', paramType: 'data' },
      { type: 'addParam', paramType: 'dependency' },
      { type: 'updateParam', index: 1, patch: { dependsOn: { param: 'input_1', value: null } } },
      { type: 'setValues', values: { input_1: [4] } },
      { type: 'updateParam', index: 0, patch: { name: 'receptor', label: 'Receptor' } },
    ]);
    expect(state.draft.params[0]).toMatchObject({ name: 'receptor', label: 'Receptor' });
    expect(state.draft.params[1]?.dependsOn).toEqual({ param: 'receptor', value: null });
    expect(state.draft.values).toEqual({ receptor: [4] });
  });

  it('changing the type drops what no longer fits', () => {
    const state = run([
      { type: 'addParam', paramType: 'select' },
      { type: 'updateParam', index: 0, patch: { options: [{ value: 'a', label: 'A' }], default: 'a' } },
      { type: 'setParamType', index: 0, paramType: 'integer' },
    ]);
    expect(state.draft.params[0]).toMatchObject({ type: 'integer', options: [], default: null });
    const back = run(
      [
        { type: 'updateParam', index: 0, patch: { default: 3 } },
        { type: 'setParamType', index: 0, paramType: 'float' },
      ],
      state,
    );
    expect(back.draft.params[0]?.default).toBe(3);
  });

  it('moves params up and down within bounds, and removes them with their value', () => {
    let state = run([
      { type: 'addParam', paramType: 'data' },
      { type: 'addParam', paramType: 'float' },
      { type: 'addParam', paramType: 'output_data' },
      { type: 'setValues', values: { float_1: 2 } },
    ]);
    state = run([{ type: 'moveParam', index: 2, delta: -1 }], state);
    expect(state.draft.params.map((p) => p.name)).toEqual(['input_1', 'output_1', 'float_1']);
    state = run([{ type: 'moveParam', index: 0, delta: -1 }], state);
    expect(state.draft.params.map((p) => p.name)).toEqual(['input_1', 'output_1', 'float_1']);
    state = run([{ type: 'removeParam', index: 2 }], state);
    expect(state.draft.params.map((p) => p.name)).toEqual(['input_1', 'output_1']);
    expect(state.draft.values).toEqual({});
  });

  it('edits dependencies', () => {
    const state = run([
      { type: 'addDependency' },
      { type: 'updateDependency', index: 0, patch: { name: 'rdkit', version: '2024.03' } },
      { type: 'addDependency', dependency: { name: 'numpy', version: '', channel: 'conda-forge' } },
      { type: 'removeDependency', index: 0 },
    ]);
    expect(state.draft.dependencies).toEqual([{ name: 'numpy', version: '', channel: 'conda-forge' }]);
  });

  it('merges conda packages, skipping ones listed already', () => {
    const existing = [{ name: 'rdkit', version: '2024.03', channel: 'conda-forge' }];
    const merged = mergeDependencies(existing, [
      { name: 'rdkit', version: '2024.03', channel: '' },
      { name: 'rdkit', version: '2023.09', channel: '' },
      { name: ' numpy ', version: '1.26', channel: 'conda-forge' },
      { name: 'numpy', version: '1.26', channel: '' },
      { name: '', version: '1', channel: '' },
    ]);
    expect(merged.dependencies.map((d) => `${d.name}@${d.version}`)).toEqual([
      'rdkit@2024.03',
      'rdkit@2023.09',
      'numpy@1.26',
    ]);
    expect(merged).toMatchObject({ added: 2, skipped: 3 });
    const state = run([{ type: 'mergeDependencies', dependencies: [{ name: 'x', version: '', channel: '' }] }]);
    expect(state.draft.dependencies).toEqual([{ name: 'x', version: '', channel: '' }]);
  });

  it('adds, edits, moves and removes command blocks by id', () => {
    let state = run([
      { type: 'updateBlock', id: 'block-1', content: 'python $__tool_directory__/run.py' },
      { type: 'addBlock', id: newBlockId(initialState().draft.commandBlocks), content: '--in $input_1' },
    ]);
    expect(state.draft.commandBlocks.map((b) => b.id)).toEqual(['block-1', 'block-2']);
    state = run([{ type: 'moveBlock', id: 'block-2', delta: -1 }], state);
    expect(state.draft.commandBlocks.map((b) => b.content)).toEqual([
      '--in $input_1',
      'python $__tool_directory__/run.py',
    ]);
    // The same content again is no change at all (the editor echoes loaded text back).
    expect(run([{ type: 'updateBlock', id: 'block-1', content: 'python $__tool_directory__/run.py' }], state)).toBe(
      state,
    );
    state = run([{ type: 'removeBlock', id: 'block-2' }], state);
    expect(state.draft.commandBlocks.map((b) => b.id)).toEqual(['block-1']);
    expect(newBlockId([{ id: 'block-2', content: '' }])).toBe('block-3');
  });

  it('adds scripts once per name and removes them', () => {
    const script = { name: 'run.py', encoding: 'utf8' as const, content: 'print(1)' };
    let state = run([
      { type: 'addScript', script },
      { type: 'addScript', script: { ...script, content: 'other' } },
    ]);
    expect(state.draft.scripts).toEqual([script]);
    state = run([{ type: 'removeScript', name: 'run.py' }], state);
    expect(state.draft.scripts).toEqual([]);
  });

  it('tracks saved and submitted drafts', () => {
    let state = run([{ type: 'setInfo', patch: { toolId: 'a' } }]);
    expect(draftJson(state.draft)).not.toBe(state.savedJson);
    state = run([{ type: 'markSaved' }, { type: 'markSubmitted' }], state);
    expect(draftJson(state.draft)).toBe(state.savedJson);
    expect(state.submittedJson).toBe(draftJson(state.draft));
    state = run([{ type: 'setInfo', patch: { version: '1.0.1' } }], state);
    expect(state.submittedJson).not.toBe(draftJson(state.draft));
  });

  it('loads a draft (filling the contract defaults), saved or not', () => {
    const before = run([{ type: 'setInfo', patch: { toolId: 'old' } }]);
    const loaded = run(
      [
        {
          type: 'load',
          draft: { info: { toolId: 'x', toolName: 'X' }, params: [{ type: 'float', name: 'f' }] },
          saved: true,
        },
      ],
      before,
    );
    expect(loaded.draft.info.version).toBe('1.0.0');
    expect(loaded.draft.params[0]).toMatchObject({ name: 'f', validator: { min: null, max: null, step: null } });
    expect(loaded.savedJson).toBe(draftJson(loaded.draft));
    const imported = run([{ type: 'load', draft: { info: { toolId: 'y', toolName: 'Y' } }, saved: false }], before);
    expect(imported.savedJson).toBe(before.savedJson);
  });

  it('toolJson ignores the preview values and the test', () => {
    const a = run([{ type: 'setInfo', patch: { toolId: 'a' } }]);
    const b = run(
      [
        { type: 'setValues', values: { x: 1 } },
        { type: 'setTest', test: { job_id: 3 } },
      ],
      a,
    );
    expect(toolJson(b.draft)).toBe(toolJson(a.draft));
    expect(draftJson(b.draft)).not.toBe(draftJson(a.draft));
  });

  it('a complete draft has no problems', () => {
    const state = run([
      { type: 'setInfo', patch: { toolId: 'score', toolName: 'Score' } },
      { type: 'addParam', paramType: 'data' },
      { type: 'updateParam', index: 0, patch: { fileTypes: [{ format: 'pdb', label: 'PDB' }] } },
      { type: 'addParam', paramType: 'output_data' },
      { type: 'updateParam', index: 1, patch: { format: 'txt' } },
      { type: 'updateBlock', id: 'block-1', content: 'python $__tool_directory__/run.py $input_1 > $output_1' },
    ]);
    expect(builderProblems(state.draft)).toEqual([]);
    expect(emptyDraft().info.version).toBe('1.0.0');
  });
});
