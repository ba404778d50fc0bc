import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkWorkflow, readWorkflow, topologicalOrder } from './workflow-check';
import { readGa, writeGa } from './workflow-ga';
import { readGxformat2, writeGxformat2 } from './workflow-gxformat2';
import { type ToolStep, WorkflowFormatError, type WorkflowModel, type WorkflowStep } from './workflow-model';

/** Fixtures are real published files; fixtures/README.md says where each one comes from. */
const fixture = (name: string): string => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');
const IWC_QC = 'iwc-short-read-qc-trimming.ga';
const GTN_UNICYCLER = 'gtn-unicycler-assembly-legacy.ga';
const GXFORMAT2_FIXTURES = [
  'galaxy-rename-based-on-input-collection.gxwf.yml',
  'galaxy-disconnected-optional-runtime-value.gxwf.yml',
  'gxformat2-pja-hide-rename.gxwf.yml',
  'gxformat2-float-input-default.gxwf.yml',
  'gxformat2-paired-list-input.gxwf.yml',
  'gxformat2-slash-in-step-label.gxwf.yml',
  'gxformat2-multisource-bare-list.gxwf.yml',
  'gxformat2-tool-state-json.gxwf.yml',
];

const tool = (model: WorkflowModel, index: number): ToolStep => {
  const step = model.steps[index];
  if (step?.type !== 'tool') throw new Error(`step ${index} is not a tool step`);
  return step;
};

/** The WorkflowFormatError `run` throws (fails the test if it throws nothing or something else). */
function formatError(run: () => unknown): WorkflowFormatError {
  try {
    run();
  } catch (error) {
    if (error instanceof WorkflowFormatError) return error;
    throw error;
  }
  throw new Error('expected a WorkflowFormatError');
}

/** A minimal .ga file from step objects (keyed "0", "1", … with their id). */
function ga(steps: Record<string, unknown>[], extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    a_galaxy_workflow: 'true',
    'format-version': '0.1',
    name: 'test',
    ...extra,
    steps: Object.fromEntries(steps.map((step, id) => [String(id), { id, ...step }])),
  });
}
const dataInput = (label: string | null = null) => ({ type: 'data_input', label, tool_state: '{"optional": false}' });
const catStep = (connections: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  type: 'tool',
  tool_id: 'cat1',
  tool_version: '1.0.0',
  tool_state: '{"__page__": 0}',
  input_connections: connections,
  ...extra,
});

describe('readGa on a published IWC workflow (short-read QC and trimming)', () => {
  const model = readGa(fixture(IWC_QC));

  it('reads the top level: name, license, tags, uuid, first creator', () => {
    expect(model.name).toBe('Short-read quality control and trimming');
    expect(model.license).toBe('MIT');
    expect(model.creator).toBe('Bérénice Batut');
    expect(model.uuid).toBe('bfd8b0dc-aad9-4eed-99ae-635e8844f932');
    expect(model.tags).toContain('genomics');
  });

  it('reads the input steps: a list:paired collection, text and integer parameters', () => {
    expect(model.steps.map((step) => step.type)).toEqual([
      'data_collection_input',
      'parameter_input',
      'parameter_input',
      'parameter_input',
      'parameter_input',
      'tool',
      'tool',
    ]);
    expect(model.steps[0]).toMatchObject({ label: 'Raw reads', collection_type: 'list:paired', optional: false });
    expect(model.steps[1]).toMatchObject({ parameter_type: 'text', default: null, optional: true });
    expect(model.steps[3]).toMatchObject({
      label: 'Qualified quality score',
      parameter_type: 'integer',
      default: 15,
      optional: true,
    });
  });

  it('flattens fastp conditionals and sections, without __current_case__ and without connected inputs', () => {
    const fastp = tool(model, 5);
    expect(fastp.tool_id).toBe('toolshed.g2.bx.psu.edu/repos/iuc/fastp/fastp/1.3.5+galaxy0');
    expect(fastp.tool_version).toBe('1.3.5+galaxy0');
    expect(fastp.state['single_paired|single_paired_selector']).toBe('paired_collection');
    expect(fastp.state['duplicated_reads|handling_options|eval_dups']).toBe('--dont_eval_duplication');
    expect(fastp.state['filter_options|quality_filtering_options|disable_quality_filtering']).toBe(false);
    expect(fastp.state['output_options|report_json']).toBe(true);
    expect(fastp.state['filter_options|quality_filtering_options|n_base_limit']).toBeNull();
    expect(Object.keys(fastp.state).some((name) => name.includes('__'))).toBe(false);
    expect(fastp.state).not.toHaveProperty(['single_paired|paired_input']);
    expect(fastp.connections['single_paired|paired_input']).toEqual([{ step: 0, output: 'output' }]);
    expect(fastp.connections['filter_options|quality_filtering_options|qualified_quality_phred']).toEqual([
      { step: 3, output: 'output' },
    ]);
  });

  it('reads rename and hide post-job actions (a tag action is left out) and workflow outputs', () => {
    const fastp = tool(model, 5);
    expect(fastp.rename).toEqual({ output_paired_coll: 'Trimmed reads', report_json: 'fastp JSON report' });
    expect(fastp.hide).toEqual(['report_html']);
    expect(fastp.workflow_outputs).toEqual([
      { output: 'report_json', label: 'fastp JSON report' },
      { output: 'output_paired_coll', label: 'fastp trimmed reads' },
    ]);
  });

  it('flattens the MultiQC repeat to results_0|… and keeps its RuntimeValue as a runtime name', () => {
    const multiqc = tool(model, 6);
    expect(multiqc.state['results_0|software_cond|software']).toBe('fastp');
    expect(multiqc.connections['results_0|software_cond|input']).toEqual([{ step: 5, output: 'report_json' }]);
    expect(multiqc.runtime).toEqual(['image_content_input']);
    expect(multiqc.hide).toEqual(['stats']);
    expect(multiqc.rename).toEqual({ html_report: 'MultiQC report' });
  });
});

describe('readGa on an old file whose tool_state values are JSON-encoded twice (GTN Unicycler)', () => {
  const model = readGa(fixture(GTN_UNICYCLER));

  it('decodes the inner values: conditionals, sections and repeats become flat names', () => {
    const unicycler = tool(model, 5);
    expect(unicycler.state['paired_unpaired|fastq_input_selector']).toBe('paired');
    expect(unicycler.state['uc_opt|mode']).toBe('normal');
    // "false" and "" stay the strings Galaxy wrote.
    expect(unicycler.state['uc_opt|no_correct']).toBe('false');
    expect(unicycler.state['spades|kmer_count']).toBe('');
    expect(Object.keys(unicycler.state).some((name) => /chromInfo|__/.test(name))).toBe(false);
    const quast = tool(model, 6);
    expect(quast.state['files_0|type_file']).toBe('scaffold');
    expect(quast.state.min_contig).toBe('500');
    expect(quast.connections['files_0|input']).toEqual([{ step: 5, output: 'assembly' }]);
    expect(tool(model, 7).state.outputs).toEqual([
      'gff',
      'gbk',
      'fna',
      'faa',
      'ffn',
      'sqn',
      'fsa',
      'tbl',
      'err',
      'txt',
    ]);
    expect(tool(model, 7).state.evalue).toBe('1e-06');
  });

  it('treats inputs marked RuntimeValue but connected (old Galaxy) as connections, not runtime values', () => {
    const unicycler = tool(model, 5);
    expect(unicycler.runtime).toEqual(['lr_align|contamination_fasta', 'rotation|start_genes']);
    expect(unicycler.connections['paired_unpaired|fastq_input1']).toEqual([{ step: 0, output: 'output' }]);
    expect(tool(model, 3).runtime).toEqual(['contaminants', 'limits']);
  });

  it('decodes a hand-made old state: strings, null, objects and lists decoded, "5" and "true" kept', () => {
    const legacyState = JSON.stringify({
      __page__: 0,
      text: JSON.stringify('hello'),
      count: '5',
      flag: 'true',
      unset: 'null',
      cond: JSON.stringify({ __current_case__: 1, sel: 'b', value: '3' }),
      rep: JSON.stringify([{ __index__: 0, p: 'q' }]),
      multi: JSON.stringify(['a', 'b']),
      chromInfo: JSON.stringify('/galaxy/?.len'),
    });
    const step = tool(readGa(ga([dataInput('in'), catStep({}, { tool_state: legacyState })])), 1);
    expect(step.state).toEqual({
      text: 'hello',
      count: '5',
      flag: 'true',
      unset: null,
      'cond|sel': 'b',
      'cond|value': '3',
      'rep_0|p': 'q',
      multi: ['a', 'b'],
    });
  });
});

describe('readGxformat2 on published gxformat2 files', () => {
  it('reads state with a conditional and $link connections, out rename and outputs (Galaxy test workflow)', () => {
    const model = readGxformat2(fixture('galaxy-rename-based-on-input-collection.gxwf.yml'));
    expect(model.steps.map((step) => [step.index, step.type, step.label])).toEqual([
      [0, 'data_input', 'fasta_input'],
      [1, 'data_input', 'fastq_inputs'],
      [2, 'tool', 'mapping'],
    ]);
    const mapping = tool(model, 2);
    expect(mapping.tool_id).toBe('mapper2');
    expect(mapping.state).toEqual({ 'fastq_input|fastq_input_selector': 'paired_collection' });
    expect(mapping.connections).toEqual({
      'fastq_input|fastq_input1': [{ step: 1, output: 'output' }],
      reference: [{ step: 0, output: 'output' }],
    });
    expect(mapping.rename).toEqual({ out_file1: '#{fastq_input.fastq_input1 | basename} suffix' });
    expect(mapping.workflow_outputs).toEqual([{ output: 'out_file1', label: 'output' }]);
  });

  it('reads a RuntimeValue in tool_state (Galaxy test workflow)', () => {
    const model = readGxformat2(fixture('galaxy-disconnected-optional-runtime-value.gxwf.yml'));
    expect(model.steps).toHaveLength(1);
    expect(tool(model, 0).runtime).toEqual(['names']);
    expect(tool(model, 0).state).toEqual({});
  });

  it('reads out hide/rename and label/output sources', () => {
    const model = readGxformat2(fixture('gxformat2-pja-hide-rename.gxwf.yml'));
    expect(tool(model, 1)).toMatchObject({
      label: 'first_cat',
      hide: ['out_file1'],
      rename: { out_file1: 'the new value' },
    });
    expect(tool(model, 2).connections).toEqual({ input1: [{ step: 1, output: 'out_file1' }] });
    expect(tool(model, 2).workflow_outputs).toEqual([{ output: 'out_file1', label: 'out1' }]);
  });

  it('reads input types and aliases: File, float with default, data_collection with collection_type', () => {
    const floats = readGxformat2(fixture('gxformat2-float-input-default.gxwf.yml'));
    expect(floats.steps[0]).toMatchObject({ type: 'data_input', label: 'input_d' });
    expect(floats.steps[1]).toMatchObject({ type: 'parameter_input', parameter_type: 'float', default: 6 });
    expect(tool(floats, 2).state).toEqual({
      'seed_source|seed_source_selector': 'set_seed',
      'seed_source|seed': 'asdf',
    });
    const paired = readGxformat2(fixture('gxformat2-paired-list-input.gxwf.yml'));
    expect(paired.steps[0]).toMatchObject({ type: 'data_collection_input', collection_type: 'list:paired' });
  });

  it('resolves a step label with a slash, several sources, and a tool_state JSON string', () => {
    const slash = readGxformat2(fixture('gxformat2-slash-in-step-label.gxwf.yml'));
    expect(tool(slash, 1).label).toBe('Host/Contaminant Filter');
    expect(tool(slash, 1).workflow_outputs).toEqual([{ output: 'out_file1', label: 'the_output' }]);
    const multi = readGxformat2(fixture('gxformat2-multisource-bare-list.gxwf.yml'));
    expect(tool(multi, 2).connections.input1).toEqual([
      { step: 0, output: 'output' },
      { step: 1, output: 'output' },
    ]);
    const json = readGxformat2(fixture('gxformat2-tool-state-json.gxwf.yml'));
    // input1 is connected through `in`, so its state value is not kept.
    expect(tool(json, 1).state).toEqual({ num_lines: 5 });
    expect(tool(json, 1).connections.input1).toEqual([{ step: 0, output: 'output' }]);
  });

  it('reads plain YAML values as Galaxy (PyYAML) does: yes is true, 1e-06 and Y are text, 0777 is octal', () => {
    const model = readGxformat2(
      'class: GalaxyWorkflow\ninputs: {}\nsteps:\n  s:\n    tool_id: t\n    state:\n' +
        '      flag: yes\n      evalue: 1e-06\n      mode: Y\n      mask: 0777\n      ratio: 0.5\n',
    );
    expect(tool(model, 0).state).toEqual({ flag: true, evalue: '1e-06', mode: 'Y', mask: 511, ratio: 0.5 });
  });

  it('takes a list of steps, numbered sources and runtime_inputs, inputs first in index order', () => {
    const model = readGxformat2(
      [
        'class: GalaxyWorkflow',
        'inputs:',
        '  - id: reads',
        '    type: data',
        '    format: fastqsanger',
        '  - id: n',
        '    type: int',
        '    optional: true',
        'steps:',
        '  - tool_id: cat1',
        '    in: [{id: input1, source: reads}]',
        '  - tool_id: head',
        '    runtime_inputs: [lines]',
        '    in:',
        '      input: {source: 2/out_file1}',
        '      "opts|n": n',
      ].join('\n'),
    );
    expect(model.steps[0]).toMatchObject({ type: 'data_input', label: 'reads', format: ['fastqsanger'] });
    expect(model.steps[1]).toMatchObject({ type: 'parameter_input', parameter_type: 'integer', optional: true });
    expect(tool(model, 2).label).toBeNull();
    expect(tool(model, 3).connections).toEqual({
      input: [{ step: 2, output: 'out_file1' }],
      'opts|n': [{ step: 1, output: 'output' }],
    });
    expect(tool(model, 3).runtime).toEqual(['lines']);
  });
});

describe('round trips', () => {
  it('.ga → model → writeGa → readGa gives the same model (IWC and the old GTN file)', () => {
    for (const name of [IWC_QC, GTN_UNICYCLER]) {
      const model = readGa(fixture(name));
      expect(readGa(writeGa(model))).toEqual(model);
    }
  });

  it('gxformat2 → model → writeGxformat2 → readGxformat2 gives the same model', () => {
    for (const name of GXFORMAT2_FIXTURES) {
      const model = readGxformat2(fixture(name));
      expect(readGxformat2(writeGxformat2(model)), name).toEqual(model);
    }
  });

  /**
   * Across formats the model is the same except: gxformat2 inputs carry no uuid, and an
   * unlabelled input is written as input_<index> (gxformat2 names inputs by label).
   */
  const acrossFormats = (model: WorkflowModel): WorkflowModel => ({
    ...model,
    steps: model.steps.map(
      (step): WorkflowStep =>
        step.type === 'tool' ? step : { ...step, uuid: null, label: step.label ?? `input_${step.index}` },
    ),
  });

  it('.ga → gxformat2 → model equals the .ga model (but input uuids)', () => {
    for (const name of [IWC_QC, GTN_UNICYCLER]) {
      const model = readGa(fixture(name));
      expect(readGxformat2(writeGxformat2(model))).toEqual(acrossFormats(model));
    }
  });

  it('gxformat2 → .ga → model equals the gxformat2 model', () => {
    for (const name of GXFORMAT2_FIXTURES) {
      const model = readGxformat2(fixture(name));
      expect(readGa(writeGa(model)), name).toEqual(model);
    }
  });

  it('names an unlabelled input input_<index> in gxformat2 and refers to an unlabelled tool step by number', () => {
    const model = readGa(
      ga([
        dataInput(null),
        catStep({ input1: { id: 0, output_name: 'output' } }),
        catStep({ input1: { id: 1, output_name: 'out_file1' } }),
      ]),
    );
    expect(model.steps[0]!.label).toBeNull();
    const text = writeGxformat2(model);
    expect(text).toContain('input_0:');
    expect(text).toContain('input1: 1/out_file1');
    const back = readGxformat2(text);
    expect(back.steps[0]!.label).toBe('input_0');
    expect(tool(back, 1).label).toBeNull();
    expect(tool(back, 2).connections).toEqual({ input1: [{ step: 1, output: 'out_file1' }] });
  });
});

describe('writers', () => {
  const model = readGa(fixture(IWC_QC));

  it('writeGa: Galaxy markers, steps keyed by index, nested tool_state with markers and no __current_case__', () => {
    const doc = JSON.parse(writeGa(model));
    expect(doc.a_galaxy_workflow).toBe('true');
    expect(doc['format-version']).toBe('0.1');
    expect(doc.creator).toEqual([{ class: 'Person', name: 'Bérénice Batut' }]);
    expect(Object.keys(doc.steps)).toEqual(['0', '1', '2', '3', '4', '5', '6']);
    expect(doc.steps['5'].id).toBe(5);
    const fastpState = JSON.parse(doc.steps['5'].tool_state);
    expect(fastpState.single_paired.single_paired_selector).toBe('paired_collection');
    expect(fastpState.single_paired.paired_input).toEqual({ __class__: 'ConnectedValue' });
    expect(doc.steps['5'].tool_state).not.toContain('__current_case__');
    const multiqcState = JSON.parse(doc.steps['6'].tool_state);
    expect(multiqcState.results).toEqual([
      { __index__: 0, software_cond: { software: 'fastp', input: { __class__: 'ConnectedValue' } } },
    ]);
    expect(multiqcState.image_content_input).toEqual({ __class__: 'RuntimeValue' });
    expect(JSON.parse(doc.steps['3'].tool_state)).toEqual({ parameter_type: 'integer', optional: true, default: 15 });
  });

  it('writeGa: one source as an object, several as a list; post-job actions named as Galaxy names them', () => {
    const multi = readGxformat2(fixture('gxformat2-multisource-bare-list.gxwf.yml'));
    const doc = JSON.parse(writeGa(multi));
    expect(doc.steps['2'].input_connections.input1).toEqual([
      { id: 0, output_name: 'output' },
      { id: 1, output_name: 'output' },
    ]);
    const fastp = JSON.parse(writeGa(model)).steps['5'];
    expect(fastp.input_connections['single_paired|paired_input']).toEqual({ id: 0, output_name: 'output' });
    expect(fastp.post_job_actions.HideDatasetActionreport_html).toEqual({
      action_type: 'HideDatasetAction',
      output_name: 'report_html',
      action_arguments: {},
    });
    expect(fastp.post_job_actions.RenameDatasetActionreport_json.action_arguments).toEqual({
      newname: 'fastp JSON report',
    });
  });

  it('writeGxformat2: quotes the strings PyYAML would misread and reads them back unchanged', () => {
    const base = readGxformat2('class: GalaxyWorkflow\ninputs: {}\nsteps:\n  s:\n    tool_id: t\n');
    const step = tool(base, 0);
    step.state = { a: 'yes', b: '1:30', c: 'tab\there', d: '=', e: '1e-06', f: 1e-7, g: '2020-01-01', h: 'plain' };
    const text = writeGxformat2(base);
    expect(text).toContain('a: "yes"');
    expect(text).toContain('b: "1:30"');
    expect(text).toContain('c: "tab\\there"');
    expect(text).toContain('d: "="');
    expect(text).toContain('f: 1.0e-7');
    expect(text).toContain('h: plain');
    expect(readGxformat2(text)).toEqual(base);
  });
});

describe('readWorkflow', () => {
  it('picks the format from the content', () => {
    expect(readWorkflow(fixture(IWC_QC)).name).toBe('Short-read quality control and trimming');
    expect(readWorkflow(fixture('gxformat2-pja-hide-rename.gxwf.yml'), 'x.gxwf.yml').steps).toHaveLength(3);
    // gxformat2 written as JSON is still gxformat2.
    expect(
      readWorkflow(JSON.stringify({ class: 'GalaxyWorkflow', inputs: { a: 'data' }, steps: {} })).steps,
    ).toHaveLength(1);
  });

  it('refuses anything else with one message, and names the parse error for a broken .ga or .yml', () => {
    const neither = 'The file is neither a Galaxy .ga workflow nor a gxformat2 workflow.';
    expect(formatError(() => readWorkflow('{"name": "x"}')).message).toBe(neither);
    expect(formatError(() => readWorkflow('just: yaml')).message).toBe(neither);
    expect(formatError(() => readWorkflow('{"a_galaxy_workflow": "true",', 'w.ga')).message).toMatch(
      /^The file is not valid JSON: /,
    );
    expect(formatError(() => readWorkflow('a: [1', 'w.yml')).message).toMatch(/^The file is not valid YAML: /);
  });
});

describe('errors', () => {
  it('not JSON, not YAML, no steps', () => {
    expect(formatError(() => readGa('{"steps": ')).message).toMatch(/^The file is not valid JSON: /);
    expect(formatError(() => readGxformat2('class: GalaxyWorkflow\nsteps: [')).message).toMatch(
      /^The file is not valid YAML: /,
    );
    expect(formatError(() => readGa('{"a_galaxy_workflow": "true", "format-version": "0.1"}')).message).toBe(
      'The workflow has no steps.',
    );
    expect(formatError(() => readGxformat2('class: GalaxyWorkflow\ninputs: {x: data}\n')).message).toBe(
      'The workflow has no steps.',
    );
  });

  it('a step without a type, an unsupported step type or parameter type names the step', () => {
    const noType = formatError(() => readGa(ga([dataInput('in'), { tool_id: 'cat1' }])));
    expect(noType.message).toBe('Step 2: the step has no type');
    expect(noType.step).toBe('Step 2');
    expect(formatError(() => readGa(ga([dataInput('in'), { type: 'subworkflow', label: 'inner' }]))).message).toBe(
      'inner: the step type "subworkflow" is not supported',
    );
    expect(formatError(() => readGa(ga([{ type: 'pause' }]))).message).toBe(
      'Step 1: the step type "pause" is not supported',
    );
    const color = formatError(() =>
      readGa(ga([{ type: 'parameter_input', label: 'hue', tool_state: '{"parameter_type": "color"}' }])),
    );
    expect(color.step).toBe('hue');
    expect(color.message).toMatch(/^hue: the parameter type "color" is not supported/);
    expect(formatError(() => readGxformat2('class: GalaxyWorkflow\nsteps:\n  p:\n    type: pause\n')).message).toBe(
      'p: the step type "pause" is not supported',
    );
  });

  it('a tool step without tool_id', () => {
    const error = formatError(() => readGa(ga([dataInput('in'), { type: 'tool', tool_state: '{}' }])));
    expect(error.message).toBe('Step 2: the tool step has no tool_id');
    expect(formatError(() => readGxformat2('class: GalaxyWorkflow\nsteps:\n  cat:\n    in: {}\n')).message).toBe(
      'cat: the tool step has no tool_id',
    );
  });

  it('a connection to a step that does not exist, or to its own step', () => {
    const missing = formatError(() =>
      readGa(
        ga([
          dataInput('in'),
          catStep({ input1: { id: 0, output_name: 'output' } }),
          catStep({ x: { id: 9, output_name: 'out_file1' } }),
        ]),
      ),
    );
    expect(missing.message).toBe('Step 3: the input "x" is connected to step 9, which does not exist');
    expect(missing.step).toBe('Step 3');
    expect(formatError(() => readGa(ga([catStep({ input1: { id: 0, output_name: 'out_file1' } })]))).message).toBe(
      'Step 1: the input "input1" is connected to its own step',
    );
  });

  it('a gxformat2 source naming no step names the step and the source', () => {
    const error = formatError(() =>
      readGxformat2(
        'class: GalaxyWorkflow\ninputs:\n  reads: data\nsteps:\n  cat:\n    tool_id: cat1\n    in:\n      input1: nope/out\n',
      ),
    );
    expect(error.message).toBe('cat: the input "input1" is connected to "nope/out", which names no step');
    expect(error.step).toBe('cat');
  });

  it('a cycle names a step on it and the whole loop', () => {
    const error = formatError(() =>
      readGa(
        ga([
          dataInput('in'),
          catStep({ input1: { id: 0, output_name: 'output' }, queries_0: { id: 2, output_name: 'out_file1' } }),
          catStep({ input1: { id: 1, output_name: 'out_file1' } }),
        ]),
      ),
    );
    expect(error.message).toBe('Step 2: the steps form a cycle (Step 2 → Step 3 → Step 2)');
    expect(error.step).toBe('Step 2');
    // Found from Step 4 first, still told from its lowest step.
    const later = formatError(() =>
      readGa(
        ga([
          dataInput('in'),
          catStep({ input1: { id: 3, output_name: 'out_file1' } }),
          catStep({ input1: { id: 0, output_name: 'output' } }),
          catStep({ input1: { id: 0, output_name: 'output' }, input2: { id: 1, output_name: 'out_file1' } }),
        ]),
      ),
    );
    expect(later.message).toBe('Step 2: the steps form a cycle (Step 2 → Step 4 → Step 2)');
  });

  it('duplicate labels', () => {
    const error = formatError(() => readGa(ga([dataInput('reads'), dataInput('reads')])));
    expect(error.message).toBe('Step 2: the label "reads" is already the label of Step 1; labels must be unique');
    const yaml = 'class: GalaxyWorkflow\ninputs:\n  x: data\nsteps:\n  - label: x\n    tool_id: cat1\n';
    expect(formatError(() => readGxformat2(yaml)).message).toMatch(
      /^Step 2: the label "x" is already the label of Step 1/,
    );
  });

  it('more than 200 steps or more than 2 MB', () => {
    const many = ga(Array.from({ length: 201 }, (_, i) => dataInput(`in${i}`)));
    expect(formatError(() => readGa(many)).message).toBe('The workflow has 201 steps; at most 200 are supported.');
    const big = ga([dataInput('in')], { annotation: 'x'.repeat(2 * 1024 * 1024) });
    expect(formatError(() => readGa(big)).message).toMatch(
      /^The file is 2\.0 MB; a workflow file may be at most 2 MB\.$/,
    );
    expect(formatError(() => readWorkflow(big)).message).toMatch(/at most 2 MB/);
  });
});

describe('checkWorkflow and topologicalOrder', () => {
  const base = readGa(
    ga([
      dataInput('in'),
      catStep({ input1: { id: 2, output_name: 'out_file1' } }),
      catStep({ input1: { id: 0, output_name: 'output' } }),
    ]),
  );

  it('orders steps after the steps they read from, lowest index first otherwise', () => {
    expect(topologicalOrder(base)).toEqual([0, 2, 1]);
  });

  it('refuses steps out of place and reports a cycle from topologicalOrder too', () => {
    const shuffled = { ...base, steps: [base.steps[1]!, base.steps[0]!, base.steps[2]!] };
    expect(formatError(() => checkWorkflow(shuffled)).message).toBe(
      'Step 1: the step is numbered 1 but is at position 0 of the workflow',
    );
    const cyclic = structuredClone(base);
    tool(cyclic, 2).connections.input1 = [{ step: 1, output: 'out_file1' }];
    expect(formatError(() => topologicalOrder(cyclic)).message).toBe(
      'Step 2: the steps form a cycle (Step 2 → Step 3 → Step 2)',
    );
    expect(() => writeGa(cyclic)).toThrow(WorkflowFormatError);
  });
});
