import type { ToolParam, WorkflowStepView } from '@medx/contract';
import { describe, expect, it } from 'vitest';
import {
  chooseFiles,
  initialInputValue,
  inputAsDataParam,
  inputReady,
  skippedSteps,
  stepFormParams,
  wizardSteps,
  workflowInputs,
} from './workflow-wizard';

const base = { help: null, optional: false, viewer: null } as const;
const data = (name: string, connected: boolean): ToolParam => ({
  ...base,
  name,
  label: name,
  type: 'data',
  format: ['pdb'],
  multiple: false,
  is_connection: connected,
  connection: connected ? { id: '0', output_name: 'output' } : null,
});
const int = (name: string, value = 1): ToolParam => ({
  ...base,
  name,
  label: name,
  type: 'integer',
  default: value,
  min: null,
  max: null,
});

function input(id: number, kind: NonNullable<WorkflowStepView['input']>['kind'], extra = {}): WorkflowStepView {
  return {
    step_id: id,
    type: kind === 'data' ? 'data_input' : kind === 'collection' ? 'data_collection_input' : 'parameter_input',
    label: `Input ${id}`,
    annotation: '',
    input: { kind, format: kind === 'data' ? ['pdb'] : [], optional: false, default: null, ...extra },
    tool_id: null,
    tool_name: null,
    missing: false,
    params: [],
    editable: [],
    outputs: [],
    connections: [],
  };
}

function tool(
  id: number,
  params: ToolParam[],
  editable: string[],
  connections: WorkflowStepView['connections'] = [],
): WorkflowStepView {
  return {
    step_id: id,
    type: 'tool',
    label: `Tool ${id}`,
    annotation: '',
    input: null,
    tool_id: `t${id}`,
    tool_name: `Tool ${id}`,
    missing: false,
    params,
    editable,
    outputs: [],
    connections,
  };
}

describe('workflow wizard steps (spec §4)', () => {
  // Docking-like: two inputs, a step with settings, a step fed only by connections, a step with settings.
  const steps = [
    tool(3, [data('protein', true), int('max')], ['max'], [{ input: 'protein', step_id: 0, output: 'output' }]),
    input(0, 'data'),
    input(1, 'collection'),
    tool(
      2,
      [data('receptor', true), data('box', true)],
      [],
      [
        { input: 'receptor', step_id: 0, output: 'output' },
        { input: 'box', step_id: 3, output: 'box' },
      ],
    ),
    tool(4, [data('x', true), int('exhaustiveness', 32)], ['exhaustiveness']),
  ];

  it('puts every input first, then the tool steps with settings, in step order', () => {
    expect(wizardSteps(steps).map((step) => `${step.kind}:${step.step.step_id}`)).toEqual([
      'input:0',
      'input:1',
      'tool:3',
      'tool:4',
    ]);
  });

  it('skips a tool step whose inputs are all connections and that has no other params', () => {
    expect(skippedSteps(steps).map((step) => step.step_id)).toEqual([2]);
  });

  it('keeps only editable params, never connected or hidden ones', () => {
    const step = tool(
      5,
      [
        data('in', true),
        int('top'),
        int('fixed'),
        { ...base, name: 'h', label: 'h', type: 'hidden', default: 'x' },
        data('extra', false),
      ],
      // The server lists a value fed by a parameter input as editable: its connection wins.
      ['top', 'h', 'extra'],
      [{ input: 'top', step_id: 1, output: 'output' }],
    );
    expect(stepFormParams(step).map((param) => param.name)).toEqual(['extra']);
  });

  it('keeps sections and conditionals by their flat names', () => {
    const section: ToolParam = {
      ...base,
      name: 'size',
      label: 'Size',
      type: 'section',
      title: 'Size',
      expanded: true,
      params: [int('padding'), data('ref', true)],
    };
    const conditional: ToolParam = {
      ...base,
      name: 'around',
      label: 'Around',
      type: 'conditional',
      test: {
        ...base,
        name: 'by',
        label: 'By',
        type: 'select',
        options: [
          { value: 'ligand', label: 'Ligand' },
          { value: 'residues', label: 'Residues' },
        ],
        multiple: false,
        default: 'ligand',
      },
      when: { ligand: [data('structure', true)], residues: [int('count')] },
    };
    const params = stepFormParams(tool(6, [section, conditional], ['size|padding', 'around|by', 'around|count']));
    expect(params.map((param) => param.name)).toEqual(['size', 'around']);
    const [keptSection, keptConditional] = params;
    expect(keptSection?.type === 'section' && keptSection.params.map((p) => p.name)).toEqual(['padding']);
    expect(keptConditional?.type === 'conditional' && keptConditional.when.ligand).toEqual([]);
  });
});

describe('workflow wizard inputs', () => {
  it('starts from no files or the parameter default', () => {
    expect(initialInputValue(input(0, 'data'))).toEqual([]);
    expect(initialInputValue(input(1, 'integer', { default: 10 }))).toBe(10);
    expect(initialInputValue(input(2, 'boolean', { default: true }))).toBe(true);
    expect(initialInputValue(input(3, 'text', { default: null }))).toBe('');
  });

  it('needs one file for a data input, at least one for a collection, a value for a parameter', () => {
    expect(inputReady(input(0, 'data'), [])).toBe(false);
    expect(inputReady(input(0, 'data'), [4])).toBe(true);
    expect(inputReady(input(0, 'data'), [4, 5])).toBe(false);
    expect(inputReady(input(1, 'collection'), [4, 5])).toBe(true);
    expect(inputReady(input(2, 'integer'), null)).toBe(false);
    expect(inputReady(input(2, 'integer'), 2.5)).toBe(false);
    expect(inputReady(input(2, 'integer'), 3)).toBe(true);
    expect(inputReady(input(3, 'boolean'), false)).toBe(true);
    expect(inputReady(input(4, 'text', { optional: true }), '')).toBe(true);
  });

  it('replaces the file of a data input, keeps every file of a collection', () => {
    expect(chooseFiles(input(0, 'data'), [1], [1, 2])).toEqual([2]);
    expect(chooseFiles(input(0, 'data'), [1], [])).toEqual([]);
    expect(chooseFiles(input(1, 'collection'), [1], [1, 2])).toEqual([1, 2]);
    expect(inputAsDataParam(input(1, 'collection')).multiple).toBe(true);
  });

  it('sends files as job-space ids and parameters as values; optional empty ones are left out', () => {
    const steps = [
      input(0, 'data'),
      input(1, 'collection'),
      input(2, 'integer'),
      input(3, 'data', { optional: true }),
      tool(4, [], []),
    ];
    expect(workflowInputs(steps, { 0: [7], 1: [8, 9], 2: 5, 3: [] }, (id) => `g${id}`)).toEqual([
      { step_id: 0, inputs: { batch: false, values: [{ id: 'g7', src: 'hda' }] } },
      {
        step_id: 1,
        inputs: {
          batch: false,
          values: [
            { id: 'g8', src: 'hda' },
            { id: 'g9', src: 'hda' },
          ],
        },
      },
      { step_id: 2, inputs: 5 },
    ]);
  });
});
