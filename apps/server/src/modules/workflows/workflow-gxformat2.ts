/**
 * Galaxy's Format 2 workflow (gxformat2, YAML with `class: GalaxyWorkflow`) to and from the
 * WorkflowModel. Input steps are the workflow's `inputs` (numbered first, in file order),
 * then come its `steps` in file order, as gxformat2's own converter numbers them. Steps and
 * inputs are named by label; connections are sources `label` or `label/output`.
 *
 * Writing: every input needs a label in gxformat2, so an input step without one is written
 * as `input_<index>` (its 0-based step number; `_2`, `_3`… appended if that label is taken):
 * reading the file back gives that label. Steps are a dict keyed by label when every tool
 * step has one, else a list where unlabelled steps are referred to by their step number.
 * Input uuids are not written (gxformat2 inputs have no uuid field).
 */
import { parse, Scalar, type ScalarTag, stringify } from 'yaml';
import {
  addWorkflowOutput,
  errorText,
  flattenToolState,
  type InputStepOptions,
  inputStep,
  isObject,
  type Json,
  type JsonObject,
  nestToolState,
  optionalString,
  parseToolState,
  readCreator,
  readPosition,
  readPostJobActions,
  readTags,
  settleToolStep,
  stripBom,
  toolStepFromState,
} from './workflow-ga';
import {
  type Connection,
  type InputStep,
  type StepBase,
  stepName,
  type ToolStep,
  WorkflowFormatError,
  type WorkflowModel,
  type WorkflowStep,
} from './workflow-model';
import { checkStepCount, checkWorkflow, checkWorkflowText } from './workflow-structure';

// ---------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------

/** gxformat2 input types (and the aliases Galaxy accepts) → model step type and parameter type. */
const INPUT_TYPES: Record<string, { type: InputStep['type']; parameter?: string }> = {
  data: { type: 'data_input' },
  File: { type: 'data_input' },
  data_input: { type: 'data_input' },
  collection: { type: 'data_collection_input' },
  data_collection: { type: 'data_collection_input' },
  data_collection_input: { type: 'data_collection_input' },
  int: { type: 'parameter_input', parameter: 'integer' },
  integer: { type: 'parameter_input', parameter: 'integer' },
  float: { type: 'parameter_input', parameter: 'float' },
  string: { type: 'parameter_input', parameter: 'text' },
  text: { type: 'parameter_input', parameter: 'text' },
  boolean: { type: 'parameter_input', parameter: 'boolean' },
};

/** Labels gxformat2 tools generate for anonymous workflow outputs: read as no label. */
const ANONYMOUS_OUTPUT = /^_anonymous_output_\d+$/;
/** Labels gxformat2's exporter gives unlabelled inputs and steps: references, not labels. */
const UNLABELLED = /^_unlabeled_(input|step)_\d+$/;
const realLabel = (label: string | null): string | null => (label && !UNLABELLED.test(label) ? label : null);

const joinDoc = (doc: unknown): string =>
  typeof doc === 'string'
    ? doc
    : Array.isArray(doc)
      ? doc.filter((line): line is string => typeof line === 'string').join('\n')
      : '';

/** `inputs:` / `steps:` / `outputs:` as [key or null, entry] pairs, a dict keyed by id or a list. */
function entriesOf(raw: unknown): [string | null, unknown][] {
  if (Array.isArray(raw)) return raw.map((entry) => [null, entry]);
  if (isObject(raw)) return Object.entries(raw);
  return [];
}

function readInput(key: string | null, raw: unknown, index: number): InputStep {
  // Shorthand `name: data`, or `name:` with nothing (a dataset).
  const entry: JsonObject = typeof raw === 'string' ? { type: raw } : isObject(raw) ? raw : {};
  const reference = key ?? optionalString(entry.id) ?? optionalString(entry.label);
  const base: StepBase = {
    index,
    label: realLabel(reference),
    annotation: joinDoc(entry.doc),
    uuid: null,
    position: readPosition(entry.position),
  };
  const name = stepName(base);
  const rawType = entry.type ?? 'data';
  if (Array.isArray(rawType)) {
    throw new WorkflowFormatError('an input taking several values (a list type) is not supported', name);
  }
  const known = typeof rawType === 'string' ? INPUT_TYPES[rawType] : undefined;
  if (!known) throw new WorkflowFormatError(`the input type "${String(rawType)}" is not supported`, name);
  if (known.type !== 'parameter_input' && entry.default !== undefined && entry.default !== null) {
    throw new WorkflowFormatError('a default dataset for a data input is not supported', name);
  }
  const options: InputStepOptions = {
    optional: entry.optional,
    format: entry.format,
    collection_type: entry.collection_type,
    parameter_type: known.parameter,
    default: entry.default,
  };
  return inputStep(base, known.type, options);
}

/** Step references: labels (and explicit ids) to step indices, resolved longest label first. */
class Sources {
  private readonly byName = new Map<string, number>();
  private sortedNames: string[] = [];

  constructor(private readonly count: number) {}

  add(name: string | null, index: number): void {
    if (name && !this.byName.has(name)) this.byName.set(name, index);
    this.sortedNames = [...this.byName.keys()].sort((a, b) => b.length - a.length);
  }

  /** `label`, `label/output` (also `label#output`, gxformat2's early syntax) or a step number. */
  resolve(source: string): Connection | null {
    for (const name of this.sortedNames) {
      const index = this.byName.get(name)!;
      if (source === name) return { step: index, output: 'output' };
      for (const separator of ['/', '#']) {
        if (source.startsWith(name + separator) && source.length > name.length + 1) {
          return { step: index, output: source.slice(name.length + 1) };
        }
      }
    }
    const numbered = /^(\d+)(?:[/#](.+))?$/.exec(source);
    if (numbered && Number(numbered[1]) < this.count) {
      return { step: Number(numbered[1]), output: numbered[2] ?? 'output' };
    }
    return null;
  }
}

const sourceList = (value: unknown): string[] | null => {
  if (typeof value === 'string' || typeof value === 'number') return [String(value)];
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value as string[];
  return null;
};

/** `in:` as flat input name → {sources, default}. */
function readStepIn(raw: unknown, name: string): Map<string, { sources: string[]; default?: Json }> {
  const result = new Map<string, { sources: string[]; default?: Json }>();
  const add = (input: string, value: unknown): void => {
    const direct = sourceList(value);
    if (direct) {
      result.set(input, { sources: direct });
      return;
    }
    if (!isObject(value)) {
      throw new WorkflowFormatError(`the input "${input}" has neither a source nor a default`, name);
    }
    const sources = value.source === undefined || value.source === null ? [] : sourceList(value.source);
    if (!sources) throw new WorkflowFormatError(`the source of the input "${input}" is not a step label`, name);
    result.set(input, { sources, ...(value.default !== undefined ? { default: value.default } : {}) });
  };
  if (Array.isArray(raw)) {
    for (const entry of raw) {
      const input = isObject(entry) ? optionalString(entry.id) : null;
      if (!input || !isObject(entry)) throw new WorkflowFormatError('an entry of "in" has no id', name);
      add(input, entry);
    }
  } else if (isObject(raw)) {
    for (const [input, value] of Object.entries(raw)) add(input, value);
  }
  return result;
}

/** `out:` / `outputs:` of a step: rename and hide per output. */
function readStepOut(raw: unknown, step: ToolStep): void {
  for (const [key, value] of entriesOf(raw)) {
    const entry = isObject(value) ? value : {};
    const output = key ?? (typeof value === 'string' ? value : optionalString(entry.id));
    if (!output) continue;
    const rename = optionalString(entry.rename);
    if (rename) step.rename[output] = rename;
    if (entry.hide === true) step.hide.push(output);
  }
}

interface PendingTool {
  step: ToolStep;
  in: Map<string, { sources: string[]; default?: Json }>;
  links: Record<string, string[]>;
}

function readToolStep(key: string | null, raw: unknown, index: number): PendingTool {
  const entry = isObject(raw) ? raw : {};
  // Dict form: the key is the label. List form: `label`, else an `id` that is not a number.
  const explicitId = optionalString(entry.id);
  const label = realLabel(
    key ?? optionalString(entry.label) ?? (explicitId && !/^\d+$/.test(explicitId) ? explicitId : null),
  );
  const base: StepBase = {
    index,
    label,
    annotation: joinDoc(entry.doc ?? entry.annotation),
    uuid: optionalString(entry.uuid),
    position: readPosition(entry.position),
  };
  const name = stepName(base);
  if (!isObject(raw)) throw new WorkflowFormatError('the step is not a mapping', name);
  const type = entry.type ?? (entry.run !== undefined ? 'subworkflow' : 'tool');
  if (type !== 'tool') throw new WorkflowFormatError(`the step type "${String(type)}" is not supported`, name);
  if (entry.when !== undefined && entry.when !== null) {
    throw new WorkflowFormatError('steps run on a condition ("when") are not supported', name);
  }
  // `tool_state` is Galaxy's own (maybe a JSON string, maybe with __current_case__), `state`
  // gxformat2's; a key in both takes the `state` value.
  const nativeState = parseToolState(entry.tool_state, name, 'the tool state is not a mapping');
  const formatState = parseToolState(entry.state, name, 'the tool state is not a mapping');
  const { step, flat } = toolStepFromState(base, entry.tool_id, entry.tool_version, nativeState, true);
  const fromState = flattenToolState(formatState, name);
  Object.assign(step.state, fromState.state);
  step.runtime.push(...fromState.runtime);
  const links: Record<string, string[]> = { ...flat.links };
  for (const [input, sources] of Object.entries(fromState.links)) links[input] = [...(links[input] ?? []), ...sources];
  if (Array.isArray(entry.runtime_inputs)) {
    for (const input of entry.runtime_inputs) if (typeof input === 'string') step.runtime.push(input);
  }
  readStepOut(entry.out ?? entry.outputs, step);
  readPostJobActions(entry.post_job_actions, step);
  return { step, in: readStepIn(entry.in, name), links };
}

function connect(pending: PendingTool, sources: Sources): void {
  const { step } = pending;
  const name = stepName(step);
  const add = (input: string, source: string): void => {
    const connection = sources.resolve(source);
    if (!connection) {
      throw new WorkflowFormatError(`the input "${input}" is connected to "${source}", which names no step`, name);
    }
    const list = step.connections[input] ?? [];
    step.connections[input] = list;
    if (!list.some((c) => c.step === connection.step && c.output === connection.output)) list.push(connection);
  };
  for (const [input, entry] of pending.in) {
    for (const source of entry.sources) add(input, source);
    if (entry.sources.length === 0 && entry.default !== undefined) {
      const value = entry.default;
      if (value !== null && typeof value === 'object') {
        throw new WorkflowFormatError(`the default of the input "${input}" is not a plain value`, name);
      }
      step.state[input] = value;
    }
  }
  for (const [input, list] of Object.entries(pending.links)) for (const source of list) add(input, source);
  settleToolStep(step);
}

function readOutputs(raw: unknown, steps: WorkflowStep[], sources: Sources): void {
  for (const [key, value] of entriesOf(raw)) {
    const entry = isObject(value) ? value : {};
    const id = key ?? optionalString(entry.id);
    const source = optionalString(entry.outputSource) ?? optionalString(entry.source);
    if (!source) continue;
    const connection = sources.resolve(source);
    if (!connection) {
      throw new WorkflowFormatError(
        `The workflow output "${id ?? source}" comes from "${source}", which names no step.`,
      );
    }
    const step = steps[connection.step];
    // The model keeps workflow outputs of tool steps only (an input marked as output is dropped).
    if (step?.type !== 'tool') continue;
    const label = optionalString(entry.label) ?? id;
    addWorkflowOutput(step, connection.output, label && !ANONYMOUS_OUTPUT.test(label) ? label : null);
  }
}

/** The model of an already parsed gxformat2 document (readWorkflow parses once, then calls this). */
export function modelFromGxformat2(doc: unknown): WorkflowModel {
  if (!isObject(doc) || doc.class !== 'GalaxyWorkflow') {
    throw new WorkflowFormatError('The file is not a gxformat2 workflow: it has no "class: GalaxyWorkflow".');
  }
  if (doc.steps === undefined || doc.steps === null) throw new WorkflowFormatError('The workflow has no steps.');
  if (!Array.isArray(doc.steps) && !isObject(doc.steps)) {
    throw new WorkflowFormatError('The steps of the workflow are neither a list nor a mapping.');
  }
  const inputEntries = entriesOf(doc.inputs);
  const stepEntries = entriesOf(doc.steps);
  const count = inputEntries.length + stepEntries.length;
  checkStepCount(count);

  const sources = new Sources(count);
  const steps: WorkflowStep[] = inputEntries.map(([key, raw], index) => {
    const entry = isObject(raw) ? raw : {};
    sources.add(key ?? optionalString(entry.id) ?? optionalString(entry.label), index);
    return readInput(key, raw, index);
  });
  const pending = stepEntries.map(([key, raw], position) => {
    const index = inputEntries.length + position;
    const entry = isObject(raw) ? raw : {};
    // A step is named by its key or label, and by its `id` (a number in lists Galaxy writes).
    sources.add(key ?? optionalString(entry.label), index);
    sources.add(optionalString(entry.id), index);
    return readToolStep(key, raw, index);
  });
  for (const tool of pending) {
    connect(tool, sources);
    steps.push(tool.step);
  }
  readOutputs(doc.outputs, steps, sources);

  const model: WorkflowModel = {
    name: optionalString(doc.label) ?? optionalString(doc.name) ?? '',
    annotation: joinDoc(doc.doc ?? doc.annotation),
    tags: readTags(doc.tags),
    uuid: optionalString(doc.uuid),
    license: optionalString(doc.license),
    creator: readCreator(doc.creator),
    steps,
  };
  checkWorkflow(model);
  return model;
}

// ---------------------------------------------------------------------------------------
// YAML as Galaxy reads it
// ---------------------------------------------------------------------------------------

/*
 * Galaxy (and gxformat2, planemo) read and write these files with PyYAML, whose plain
 * scalars follow its own YAML 1.1 rules: `yes`/`no`/`on`/`off` are booleans but `y`/`n` are
 * not, `1e-06` (no dot) is a string, `0777` is octal, `1:30` is 90. The tags below make the
 * `yaml` package read exactly those (so "1e-06" stays the text a Galaxy export meant) and,
 * when writing, quote every string PyYAML would read as something else. Dates and `.inf` /
 * `.nan` are read as the strings they are (a tool state has no use for them as values).
 */
const sexagesimal = (text: string): number => text.split(':').reduce((total, part) => total * 60 + Number(part), 0);

/** Sign and digits without `_` ("-1_000" → [-1, "1000"]). */
function splitSign(text: string): [number, string] {
  const clean = text.replace(/_/g, '');
  if (clean.startsWith('-')) return [-1, clean.slice(1)];
  return [1, clean.startsWith('+') ? clean.slice(1) : clean];
}

/** A number as PyYAML reads it back as that number (a float needs a dot: "1.0e-07"). */
function pyyamlNumber(value: number): string {
  if (Number.isNaN(value)) return '.nan';
  if (!Number.isFinite(value)) return value > 0 ? '.inf' : '-.inf';
  const text = String(value);
  if (Number.isInteger(value) && !text.includes('e')) return text;
  if (text.includes('e')) return text.includes('.') ? text : text.replace('e', '.0e');
  return text;
}

const keepText = (text: string): string => text;

const PYYAML_TAGS: ScalarTag[] = [
  {
    tag: 'tag:yaml.org,2002:null',
    default: true,
    identify: (value) => value === null || value === undefined,
    test: /^(?:~|null|Null|NULL)?$/,
    resolve: () => null,
    stringify: () => 'null',
  },
  {
    tag: 'tag:yaml.org,2002:bool',
    default: true,
    identify: (value) => typeof value === 'boolean',
    test: /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/,
    resolve: (text) => /^(?:yes|true|on)$/i.test(text),
    stringify: ({ value }) => (value ? 'true' : 'false'),
  },
  {
    tag: 'tag:yaml.org,2002:int',
    default: true,
    identify: (value) => typeof value === 'number' && Number.isInteger(value),
    test: /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/,
    resolve: (text) => {
      const [sign, digits] = splitSign(text);
      if (digits.startsWith('0b')) return sign * Number.parseInt(digits.slice(2), 2);
      if (digits.startsWith('0x')) return sign * Number.parseInt(digits.slice(2), 16);
      if (digits.includes(':')) return sign * sexagesimal(digits);
      if (digits.length > 1 && digits.startsWith('0')) return sign * Number.parseInt(digits, 8);
      return sign * Number(digits);
    },
    stringify: ({ value }) => pyyamlNumber(Number(value)),
  },
  {
    tag: 'tag:yaml.org,2002:float',
    default: true,
    identify: (value) => typeof value === 'number',
    test: /^(?:[-+]?[0-9][0-9_]*\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*)$/,
    resolve: (text) => {
      const [sign, digits] = splitSign(text);
      return sign * (digits.includes(':') ? sexagesimal(digits) : Number(digits));
    },
    stringify: ({ value }) => pyyamlNumber(Number(value)),
  },
  // Read as text, but quoted when written: PyYAML would read them as dates, infinities, or fail ("=").
  {
    tag: 'tag:yaml.org,2002:timestamp',
    default: true,
    test: /^(?:[0-9]{4}-[0-9]{2}-[0-9]{2}|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?)$/,
    resolve: keepText,
  },
  {
    tag: 'tag:yaml.org,2002:float#special',
    default: true,
    test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/,
    resolve: keepText,
  },
  { tag: 'tag:yaml.org,2002:value', default: true, test: /^=$/, resolve: keepText },
];

const YAML_OPTIONS = { schema: 'failsafe', customTags: PYYAML_TAGS, merge: true } as const;

/** Parses YAML as Galaxy does (see PYYAML_TAGS). Throws the parser's own error. */
export function parseGxformat2Yaml(text: string): unknown {
  return parse(stripBom(text), YAML_OPTIONS);
}

/** Reads a gxformat2 workflow (YAML, `class: GalaxyWorkflow`). Throws WorkflowFormatError. */
export function readGxformat2(text: string): WorkflowModel {
  checkWorkflowText(text);
  let doc: unknown;
  try {
    doc = parseGxformat2Yaml(text);
  } catch (error) {
    throw new WorkflowFormatError(`The file is not valid YAML: ${errorText(error)}`);
  }
  return modelFromGxformat2(doc);
}

// ---------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------

const FORMAT2_PARAMETER_TYPES = { integer: 'int', float: 'float', text: 'string', boolean: 'boolean' } as const;

/** The labels inputs get in the file: their own, else input_<index> (made unique). */
function inputLabels(model: WorkflowModel): Map<number, string> {
  const used = new Set(model.steps.map((step) => step.label).filter((label): label is string => !!label));
  const labels = new Map<number, string>();
  for (const step of model.steps) {
    if (step.type === 'tool') continue;
    let label = step.label;
    if (!label) {
      const base = `input_${step.index}`;
      label = base;
      for (let n = 2; used.has(label); n++) label = `${base}_${n}`;
      used.add(label);
    }
    labels.set(step.index, label);
  }
  return labels;
}

function format2Input(step: InputStep): JsonObject {
  const entry: JsonObject =
    step.type === 'parameter_input'
      ? { type: FORMAT2_PARAMETER_TYPES[step.parameter_type] }
      : step.type === 'data_input'
        ? { type: 'data' }
        : { type: 'collection', collection_type: step.collection_type };
  if (step.optional) entry.optional = true;
  if (step.type !== 'parameter_input' && step.format.length > 0) entry.format = [...step.format];
  if (step.type === 'parameter_input' && step.default !== null) entry.default = step.default;
  if (step.annotation) entry.doc = step.annotation;
  if (step.position) entry.position = { left: step.position.left, top: step.position.top };
  return entry;
}

/** Writes the model as a gxformat2 workflow (YAML) that Galaxy imports. */
export function writeGxformat2(model: WorkflowModel): string {
  checkWorkflow(model);
  const inputs = model.steps.filter((step): step is InputStep => step.type !== 'tool');
  const tools = model.steps.filter((step): step is ToolStep => step.type === 'tool');
  const labels = inputLabels(model);
  // gxformat2 numbers inputs first, then steps: an unlabelled tool step is referred to by that number.
  const fileIndex = new Map<number, number>();
  for (const [position, step] of [...inputs, ...tools].entries()) fileIndex.set(step.index, position);
  const allLabels = new Set(labels.values());
  for (const tool of tools) if (tool.label) allLabels.add(tool.label);
  for (const tool of tools) {
    if (!tool.label && allLabels.has(String(fileIndex.get(tool.index)))) {
      throw new WorkflowFormatError(
        `cannot be written as gxformat2: its number ${fileIndex.get(tool.index)} is another step's label`,
        stepName(tool),
      );
    }
  }
  const reference = (connection: Connection): string => {
    const source = model.steps[connection.step]!;
    if (source.type !== 'tool') {
      const label = labels.get(source.index)!;
      return connection.output === 'output' ? label : `${label}/${connection.output}`;
    }
    return `${source.label ?? String(fileIndex.get(source.index))}/${connection.output}`;
  };

  const inputsDoc: JsonObject = {};
  for (const step of inputs) inputsDoc[labels.get(step.index)!] = format2Input(step);

  const outputs: { id: string; outputSource: string }[] = [];
  let anonymous = 0;
  for (const tool of tools) {
    for (const { output, label } of tool.workflow_outputs) {
      outputs.push({
        id: label ?? `_anonymous_output_${++anonymous}`,
        outputSource: reference({ step: tool.index, output }),
      });
    }
  }
  const outputIds = outputs.map((output) => output.id);
  const outputsDoc: Json =
    new Set(outputIds).size === outputIds.length
      ? Object.fromEntries(outputs.map(({ id, outputSource }) => [id, { outputSource }]))
      : outputs;

  const keyed = tools.every((tool) => !!tool.label);
  const stepDocs = tools.map((tool): [string, JsonObject] => {
    const entry: JsonObject = {};
    if (!keyed && tool.label) entry.label = tool.label;
    entry.tool_id = tool.tool_id;
    if (tool.tool_version !== null) entry.tool_version = tool.tool_version;
    if (tool.annotation) entry.doc = tool.annotation;
    if (tool.uuid) entry.uuid = tool.uuid;
    if (tool.position) entry.position = { left: tool.position.left, top: tool.position.top };
    const inDoc: JsonObject = {};
    for (const [input, sources] of Object.entries(tool.connections)) {
      if (sources.length === 0) continue;
      const refs = sources.map(reference);
      inDoc[input] = refs.length === 1 ? refs[0]! : refs;
    }
    if (Object.keys(inDoc).length > 0) entry.in = inDoc;
    // Runtime values: top-level names in runtime_inputs, nested ones as markers inside state.
    const stateEntries: [string, Json][] = Object.entries(tool.state).map(([name, value]) => [
      name,
      Array.isArray(value) ? [...value] : value,
    ]);
    const topRuntime = tool.runtime.filter((name) => !name.includes('|'));
    for (const name of tool.runtime) {
      if (name.includes('|')) stateEntries.push([name, { __class__: 'RuntimeValue' }]);
    }
    if (stateEntries.length > 0) entry.state = nestToolState(stateEntries, stepName(tool), false);
    if (topRuntime.length > 0) entry.runtime_inputs = topRuntime;
    const out: JsonObject = {};
    for (const [output, newName] of Object.entries(tool.rename)) out[output] = { rename: newName };
    for (const output of tool.hide) {
      const existing = out[output];
      out[output] = isObject(existing) ? { ...existing, hide: true } : { hide: true };
    }
    if (Object.keys(out).length > 0) entry.out = out;
    return [tool.label ?? '', entry];
  });

  const doc: JsonObject = { class: 'GalaxyWorkflow' };
  if (model.name) doc.label = model.name;
  if (model.annotation) doc.doc = model.annotation;
  if (model.tags.length > 0) doc.tags = [...model.tags];
  if (model.uuid) doc.uuid = model.uuid;
  if (model.license) doc.license = model.license;
  if (model.creator) doc.creator = [{ class: 'Person', name: model.creator }];
  doc.inputs = inputsDoc;
  doc.outputs = outputsDoc;
  doc.steps = keyed ? Object.fromEntries(stepDocs) : stepDocs.map(([, entry]) => entry);
  return stringify(quoteControlCharacters(doc), { ...YAML_OPTIONS, lineWidth: 0 });
}

/** Characters PyYAML refuses in plain scalars (a tab ends one), or reads as line breaks. */
function needsDoubleQuotes(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x0a) continue;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029 || code === 0xfeff) {
      return true;
    }
  }
  return false;
}

/** Strings holding such characters become double-quoted scalars (escaped, e.g. "a\tb"). */
function quoteControlCharacters(value: Json): unknown {
  if (typeof value === 'string') {
    if (!needsDoubleQuotes(value)) return value;
    const scalar = new Scalar(value);
    scalar.type = Scalar.QUOTE_DOUBLE;
    return scalar;
  }
  if (Array.isArray(value)) return value.map(quoteControlCharacters);
  if (isObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, quoteControlCharacters(item)]));
  }
  return value;
}
