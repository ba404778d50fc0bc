/**
 * Galaxy's native workflow file (`.ga`, format-version 0.1, JSON) to and from the
 * WorkflowModel, plus the tool-state flattening both formats share (Galaxy's nested
 * tool_state ⇄ the flat names `cond|param`, `section|param`, `repeat_0|param`).
 *
 * What Galaxy writes and this reader understands: steps keyed "0", "1", … with `id`,
 * `type`, `label`, `tool_state` (a JSON string: for input steps their options, for tool
 * steps the nested parameter values; files from before Galaxy 19.05 encode each top-level
 * value once more as JSON), `input_connections` ({input: {id, output_name}} or a list of
 * those), `post_job_actions` and `workflow_outputs`.
 */

import {
  type CollectionInputStep,
  type Connection,
  type DataInputStep,
  type InputStep,
  type ParameterInputStep,
  type ParameterType,
  type StateValue,
  type StepBase,
  stepName,
  type ToolStep,
  WorkflowFormatError,
  type WorkflowModel,
  type WorkflowStep,
} from './workflow-model';
import { checkStepCount, checkWorkflow, checkWorkflowText } from './workflow-structure';

// ---------------------------------------------------------------------------------------
// JSON values
// ---------------------------------------------------------------------------------------

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isScalar = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

export const errorText = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0]!.trim();

export const stripBom = (text: string): string => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/** A string field, or null when absent, null or not a non-empty string. */
export const optionalString = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** A step position {left, top} when both are finite numbers, else null. */
export function readPosition(value: unknown): StepBase['position'] {
  if (!isObject(value)) return null;
  const { left, top } = value;
  return typeof left === 'number' && typeof top === 'number' && Number.isFinite(left) && Number.isFinite(top)
    ? { left, top }
    : null;
}

/** Accepted formats: a list of datatypes or one string ("fasta" or "fasta,fastq"). */
export function readFormats(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return items.filter((item): item is string => typeof item === 'string' && item.trim() !== '').map((f) => f.trim());
}

/** Booleans Galaxy writes as true/false or "true"/"false"/"True". */
export const readFlag = (value: unknown): boolean =>
  value === true || (typeof value === 'string' && value.toLowerCase() === 'true');

export const PARAMETER_TYPES: readonly ParameterType[] = ['boolean', 'text', 'integer', 'float'];

// ---------------------------------------------------------------------------------------
// Tool state: nested ⇄ flat names
// ---------------------------------------------------------------------------------------

export interface FlatState {
  state: Record<string, StateValue>;
  /** Flat names holding {"__class__": "RuntimeValue"}. */
  runtime: string[];
  /** Flat names holding {"__class__": "ConnectedValue"}. */
  connected: string[];
  /** gxformat2's `{$link: source}` by flat name (a list of them: several sources). */
  links: Record<string, string[]>;
}

/** Top-level keys of a tool_state that are Galaxy's bookkeeping, not parameters. */
const BOOKKEEPING_KEYS = new Set(['chromInfo']);
/** `__page__`, `__current_case__`, `__index__`…, and keys like `input|__identifier__` (Galaxy's history extraction). */
const isBookkeeping = (key: string): boolean => key.split('|').some((part) => part.startsWith('__'));

const isDataReference = (value: JsonObject): boolean =>
  typeof value.src === 'string' ||
  (Array.isArray(value.values) && value.values.every((item) => isObject(item) && 'src' in item));

/**
 * Flattens a nested tool state into flat names. Dicts are conditionals or sections (both
 * give `name|param`; `__current_case__` and every other `__x` key is dropped), lists of dicts
 * are repeats (`name_0|param`), lists of scalars multi-select values, RuntimeValue and
 * ConnectedValue markers go to `runtime` / `connected`, dataset references are dropped.
 */
export function flattenToolState(tree: JsonObject, step: string): FlatState {
  const flat: FlatState = { state: {}, runtime: [], connected: [], links: {} };
  const link = (name: string, source: Json | undefined): void => {
    const text = typeof source === 'number' ? String(source) : source;
    if (typeof text !== 'string' || text === '') {
      throw new WorkflowFormatError(`the $link of "${name}" is not a step label`, step);
    }
    const list = flat.links[name] ?? [];
    list.push(text);
    flat.links[name] = list;
  };
  const walk = (value: Json, name: string): void => {
    if (value === null || isScalar(value)) {
      flat.state[name] = value;
      return;
    }
    if (Array.isArray(value)) {
      if (value.every((item) => isObject(item))) {
        if (value.length === 0) {
          flat.state[name] = [];
          return;
        }
        value.forEach((item, i) => {
          const entry = item as JsonObject;
          if ('$link' in entry) link(name, entry.$link);
          else if (!isDataReference(entry)) walkObject(entry, `${name}_${i}|`);
        });
        return;
      }
      const scalars = value.filter((item) => item !== null);
      if (scalars.every(isScalar)) {
        flat.state[name] = scalars.map(String);
        return;
      }
      throw new WorkflowFormatError(`the value of "${name}" mixes lists, objects and plain values`, step);
    }
    if ('$link' in value) {
      link(name, value.$link);
      return;
    }
    const marker = value.__class__;
    if (marker === 'RuntimeValue') flat.runtime.push(name);
    else if (marker === 'ConnectedValue') flat.connected.push(name);
    else if (marker === 'UnvalidatedValue' && 'value' in value) walk(value.value ?? null, name);
    else if (marker === undefined && !isDataReference(value)) walkObject(value, `${name}|`);
  };
  const walkObject = (object: JsonObject, prefix: string): void => {
    for (const [key, value] of Object.entries(object)) {
      if (!isBookkeeping(key)) walk(value, `${prefix}${key}`);
    }
  };
  for (const [key, value] of Object.entries(tree)) {
    if (!isBookkeeping(key) && !BOOKKEEPING_KEYS.has(key)) walk(value, key);
  }
  return flat;
}

/**
 * Galaxy before 19.05 wrote every top-level value of a tool_state as JSON once more
 * ("\"normal\"", "{\"__current_case__\": 0, …}", "null"). A state is taken for such a one
 * when all its parameter values are strings that parse as JSON; then strings, objects, lists
 * and null are decoded, and "5" / "true" stay the strings they are.
 */
export function decodeLegacyToolState(tree: JsonObject): JsonObject {
  const entries = Object.entries(tree).filter(([key]) => !isBookkeeping(key));
  const decoded: JsonObject = {};
  for (const [key, value] of entries) {
    if (typeof value !== 'string') return tree;
    let parsed: Json;
    try {
      parsed = JSON.parse(value) as Json;
    } catch {
      return tree;
    }
    decoded[key] = typeof parsed === 'number' || typeof parsed === 'boolean' ? value : parsed;
  }
  return entries.length > 0 ? decoded : tree;
}

const REPEAT_ITEM = /^(.+)_(\d+)$/;
/** Repeat positions above this in a flat name are refused (a list that long is no tool form). */
const MAX_REPEAT_INDEX = 999;

/**
 * Nests flat names back into Galaxy's tool_state shape: `a|b` → {a: {b}}, `r_0|x` →
 * {r: [{x}]} (a segment `name_N` followed by more segments is a repeat item). Conditionals
 * get no `__current_case__`: Galaxy works it out from the test parameter's value.
 * `repeatIndex` adds Galaxy's `__index__` to repeat items (the .ga writer does).
 */
export function nestToolState(
  entries: Iterable<readonly [string, Json]>,
  step: string,
  repeatIndex: boolean,
): JsonObject {
  const root: JsonObject = {};
  const conflict = (name: string): WorkflowFormatError =>
    new WorkflowFormatError(`the parameter name "${name}" clashes with another parameter's name`, step);
  for (const [name, value] of entries) {
    const parts = name.split('|');
    let node = root;
    for (const part of parts.slice(0, -1)) {
      const repeat = REPEAT_ITEM.exec(part);
      if (repeat) {
        const key = repeat[1]!;
        const position = Number(repeat[2]);
        if (position > MAX_REPEAT_INDEX) {
          throw new WorkflowFormatError(`the repeat position in "${name}" is above ${MAX_REPEAT_INDEX}`, step);
        }
        const list = node[key] ?? [];
        node[key] = list;
        if (!Array.isArray(list)) throw conflict(name);
        while (list.length <= position) list.push(repeatIndex ? { __index__: list.length } : {});
        const item = list[position];
        if (!isObject(item)) throw conflict(name);
        node = item;
      } else {
        const child = node[part] ?? {};
        node[part] = child;
        if (!isObject(child)) throw conflict(name);
        node = child;
      }
    }
    const leaf = parts[parts.length - 1]!;
    if (leaf in node) throw conflict(name);
    node[leaf] = value;
  }
  return root;
}

// ---------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------

const INPUT_TYPES = new Set(['data_input', 'data_collection_input', 'parameter_input']);
/** The names Galaxy gives unnamed input steps: never taken for labels. */
const DEFAULT_INPUT_NAMES = new Set([
  'input dataset',
  'input dataset collection',
  'input parameter',
  'input dataset list',
]);

/**
 * A step's tool state, given as a JSON text (.ga, and gxformat2's `tool_state`) or already
 * as a mapping (gxformat2's `state`); absent or empty is no state. `notObject` words the
 * refusal of anything else in the file's own terms.
 */
export function parseToolState(
  raw: unknown,
  step: string,
  notObject = 'the tool_state is not a JSON object',
): JsonObject {
  if (raw === undefined || raw === null || raw === '') return {};
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch (error) {
      throw new WorkflowFormatError(`the tool_state is not valid JSON: ${errorText(error)}`, step);
    }
  }
  if (!isObject(value)) throw new WorkflowFormatError(notObject, step);
  return value;
}

/** A step's base fields; `label` is the explicit one (input steps may get one later). */
function readBase(raw: JsonObject, index: number): StepBase {
  return {
    index,
    label: optionalString(raw.label),
    annotation: typeof raw.annotation === 'string' ? raw.annotation : '',
    uuid: typeof raw.uuid === 'string' && raw.uuid !== '' && raw.uuid !== 'None' ? raw.uuid : null,
    position: readPosition(raw.position),
  };
}

/** An input step's options, as Galaxy keeps them in the step's tool_state. */
export interface InputStepOptions {
  optional?: unknown;
  format?: unknown;
  collection_type?: unknown;
  parameter_type?: unknown;
  default?: unknown;
  multiple?: unknown;
}

/** Builds an input step of `type` from its options (shared with the gxformat2 reader). */
export function inputStep(base: StepBase, type: InputStep['type'], options: InputStepOptions): InputStep {
  const name = stepName(base);
  const optional = readFlag(options.optional);
  if (type === 'data_input') {
    return { ...base, type, format: readFormats(options.format), optional } satisfies DataInputStep;
  }
  if (type === 'data_collection_input') {
    const collectionType = optionalString(options.collection_type) ?? 'list';
    return {
      ...base,
      type,
      collection_type: collectionType,
      format: readFormats(options.format),
      optional,
    } satisfies CollectionInputStep;
  }
  const parameterType = options.parameter_type ?? 'text';
  if (typeof parameterType !== 'string' || !PARAMETER_TYPES.includes(parameterType as ParameterType)) {
    throw new WorkflowFormatError(
      `the parameter type "${String(parameterType)}" is not supported (only ${PARAMETER_TYPES.join(', ')})`,
      name,
    );
  }
  if (readFlag(options.multiple)) {
    throw new WorkflowFormatError('a parameter input taking several values is not supported', name);
  }
  const value = options.default ?? null;
  if (value !== null && !isScalar(value)) {
    throw new WorkflowFormatError('the default value of the parameter is not a plain value', name);
  }
  return {
    ...base,
    type,
    parameter_type: parameterType as ParameterType,
    default: value,
    optional,
  } satisfies ParameterInputStep;
}

/** Rename/hide from Galaxy's post_job_actions (other actions are not kept). */
export function readPostJobActions(raw: unknown, step: Pick<ToolStep, 'rename' | 'hide'>): void {
  if (!isObject(raw)) return;
  for (const action of Object.values(raw)) {
    if (!isObject(action)) continue;
    const output = optionalString(action.output_name);
    if (!output) continue;
    if (action.action_type === 'RenameDatasetAction') {
      const args = action.action_arguments;
      const newName = isObject(args) ? optionalString(args.newname) : null;
      if (newName) step.rename[output] = newName;
    } else if (action.action_type === 'HideDatasetAction' && !step.hide.includes(output)) {
      step.hide.push(output);
    }
  }
}

/** A tool step's fields from its state, before connections are known. */
export function toolStepFromState(
  base: StepBase,
  toolId: unknown,
  toolVersion: unknown,
  tree: JsonObject,
  legacy: boolean,
): { step: ToolStep; flat: FlatState } {
  const name = stepName(base);
  const id = optionalString(toolId);
  if (!id) throw new WorkflowFormatError('the tool step has no tool_id', name);
  const flat = flattenToolState(legacy ? decodeLegacyToolState(tree) : tree, name);
  const version = typeof toolVersion === 'number' ? String(toolVersion) : optionalString(toolVersion);
  const step: ToolStep = {
    ...base,
    type: 'tool',
    tool_id: id,
    tool_version: version,
    state: flat.state,
    runtime: flat.runtime,
    connections: {},
    rename: {},
    hide: [],
    workflow_outputs: [],
  };
  return { step, flat };
}

/**
 * Final touches once a tool step's connections are in: connected names leave `state` and
 * `runtime` (old Galaxy marked connected inputs RuntimeValue), `runtime` and `hide` are
 * sorted and unique (they are sets; sorted so that writing and reading again gives the same).
 */
export function settleToolStep(step: ToolStep): void {
  for (const name of Object.keys(step.connections)) delete step.state[name];
  step.runtime = [...new Set(step.runtime)].filter((name) => !(name in step.connections)).sort();
  for (const name of step.runtime) delete step.state[name];
  step.hide = [...new Set(step.hide)].sort();
}

export function addWorkflowOutput(step: ToolStep, output: string, label: string | null): void {
  if (!step.workflow_outputs.some((existing) => existing.output === output)) {
    step.workflow_outputs.push({ output, label });
  }
}

/** Top-level creator: Galaxy writes a list of {class, name, …}; the first one's name is kept. */
export function readCreator(raw: unknown): string | null {
  const first = Array.isArray(raw) ? raw[0] : raw;
  return isObject(first) ? optionalString(first.name) : null;
}

export const readTags = (raw: unknown): string[] =>
  Array.isArray(raw) ? raw.filter((tag): tag is string => typeof tag === 'string' && tag !== '') : [];

/** After reading: input steps without a label take the name Galaxy shows for them, when free. */
function nameUnlabelledInputs(steps: WorkflowStep[], names: Map<number, string>): void {
  const used = new Set(steps.map((step) => step.label).filter((label): label is string => !!label));
  for (const step of steps) {
    const name = names.get(step.index);
    if (step.label || !name || used.has(name)) continue;
    step.label = name;
    used.add(name);
  }
}

/** Galaxy's display name of an unlabelled input step: tool_state.name, else inputs[0].name. */
function inputDisplayName(raw: JsonObject, state: JsonObject): string | null {
  const inputs = Array.isArray(raw.inputs) ? raw.inputs : [];
  const first = inputs[0];
  for (const candidate of [state.name, isObject(first) ? first.name : undefined]) {
    const name = optionalString(candidate)?.trim();
    if (name && !DEFAULT_INPUT_NAMES.has(name.toLowerCase())) return name;
  }
  return null;
}

function readConnections(raw: unknown, step: ToolStep, indexOfId: Map<number, number>): Record<string, Connection[]> {
  const connections: Record<string, Connection[]> = {};
  if (!isObject(raw)) return connections;
  const name = stepName(step);
  for (const [input, value] of Object.entries(raw)) {
    const list = Array.isArray(value) ? value : [value];
    if (input === 'when') {
      throw new WorkflowFormatError('steps run on a condition ("when") are not supported', name);
    }
    for (const entry of list) {
      if (!isObject(entry)) {
        throw new WorkflowFormatError(`the connection of the input "${input}" is not an object`, name);
      }
      const id = typeof entry.id === 'string' && /^\d+$/.test(entry.id) ? Number(entry.id) : entry.id;
      if (typeof id !== 'number' || !Number.isInteger(id)) {
        throw new WorkflowFormatError(`the connection of the input "${input}" has no step id`, name);
      }
      const source = indexOfId.get(id);
      if (source === undefined) {
        throw new WorkflowFormatError(`the input "${input}" is connected to step ${id}, which does not exist`, name);
      }
      const output = optionalString(entry.output_name);
      if (!output) {
        throw new WorkflowFormatError(`the connection of the input "${input}" has no output_name`, name);
      }
      if (input === '__NO_INPUT_OUTPUT_NAME__') {
        throw new WorkflowFormatError('a connection without an input name is not supported', name);
      }
      const list = connections[input] ?? [];
      list.push({ step: source, output });
      connections[input] = list;
    }
  }
  return connections;
}

function readWorkflowOutputs(raw: unknown, step: ToolStep): void {
  if (!Array.isArray(raw)) return;
  for (const entry of raw) {
    // Very old files list output names only.
    if (typeof entry === 'string' && entry !== '') addWorkflowOutput(step, entry, null);
    else if (isObject(entry)) {
      const output = optionalString(entry.output_name);
      if (output) addWorkflowOutput(step, output, optionalString(entry.label));
    }
  }
}

/** The model of an already parsed .ga document (readWorkflow parses once, then calls this). */
export function modelFromGa(doc: unknown): WorkflowModel {
  if (!isObject(doc)) throw new WorkflowFormatError('The file is not a Galaxy workflow: it is not a JSON object.');
  const version = doc['format-version'];
  if (version !== undefined && version !== '0.1') {
    throw new WorkflowFormatError(`The workflow format-version "${String(version)}" is not supported (only "0.1").`);
  }
  const rawSteps = doc.steps;
  if (!isObject(rawSteps)) throw new WorkflowFormatError('The workflow has no steps.');
  const keys = Object.keys(rawSteps);
  checkStepCount(keys.length);
  for (const key of keys) {
    if (!/^\d+$/.test(key)) throw new WorkflowFormatError(`The step key "${key}" is not a step number.`);
  }
  keys.sort((a, b) => Number(a) - Number(b));

  // Connections name steps by their `id` (Galaxy's order_index), normally equal to the key.
  const indexOfId = new Map<number, number>();
  const raws: JsonObject[] = keys.map((key, index) => {
    const raw = rawSteps[key];
    if (!isObject(raw)) throw new WorkflowFormatError('the step is not a JSON object', `Step ${index + 1}`);
    const id = typeof raw.id === 'number' && Number.isInteger(raw.id) ? raw.id : Number(key);
    if (indexOfId.has(id)) throw new WorkflowFormatError(`two steps have the id ${id}`, `Step ${index + 1}`);
    indexOfId.set(id, index);
    return raw;
  });

  const displayNames = new Map<number, string>();
  const steps: WorkflowStep[] = raws.map((raw, index) => {
    const base = readBase(raw, index);
    const name = stepName(base);
    const type = raw.type;
    if (typeof type !== 'string' || type === '') throw new WorkflowFormatError('the step has no type', name);
    if (raw.when !== undefined && raw.when !== null && raw.when !== '') {
      throw new WorkflowFormatError('steps run on a condition ("when") are not supported', name);
    }
    if (INPUT_TYPES.has(type)) {
      const state = parseToolState(raw.tool_state, name);
      const display = inputDisplayName(raw, state);
      if (display) displayNames.set(index, display);
      return inputStep(base, type as InputStep['type'], state);
    }
    if (type !== 'tool') throw new WorkflowFormatError(`the step type "${type}" is not supported`, name);
    const { step } = toolStepFromState(base, raw.tool_id, raw.tool_version, parseToolState(raw.tool_state, name), true);
    step.connections = readConnections(raw.input_connections, step, indexOfId);
    readPostJobActions(raw.post_job_actions, step);
    readWorkflowOutputs(raw.workflow_outputs, step);
    settleToolStep(step);
    return step;
  });
  nameUnlabelledInputs(steps, displayNames);

  const model: WorkflowModel = {
    name: typeof doc.name === 'string' ? doc.name : '',
    annotation: typeof doc.annotation === 'string' ? doc.annotation : '',
    tags: readTags(doc.tags),
    uuid: optionalString(doc.uuid),
    license: optionalString(doc.license),
    creator: readCreator(doc.creator),
    steps,
  };
  checkWorkflow(model);
  return model;
}

/** Reads a Galaxy `.ga` workflow (format-version 0.1). Throws WorkflowFormatError. */
export function readGa(text: string): WorkflowModel {
  checkWorkflowText(text);
  let doc: unknown;
  try {
    doc = JSON.parse(stripBom(text));
  } catch (error) {
    throw new WorkflowFormatError(`The file is not valid JSON: ${errorText(error)}`);
  }
  return modelFromGa(doc);
}

// ---------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------

const INPUT_STEP_NAMES: Record<InputStep['type'], string> = {
  data_input: 'Input dataset',
  data_collection_input: 'Input dataset collection',
  parameter_input: 'Input parameter',
};

/** An input step's options as Galaxy keeps them in its tool_state. */
function inputToolState(step: InputStep): JsonObject {
  if (step.type === 'parameter_input') {
    return {
      parameter_type: step.parameter_type,
      optional: step.optional,
      ...(step.default !== null ? { default: step.default } : {}),
    };
  }
  return {
    optional: step.optional,
    ...(step.format.length > 0 ? { format: [...step.format] } : {}),
    ...(step.type === 'data_collection_input' ? { collection_type: step.collection_type } : {}),
    tag: null,
  };
}

/** A tool step's nested tool_state: values, RuntimeValue and ConnectedValue markers. */
function toolState(step: ToolStep): JsonObject {
  const entries: [string, Json][] = Object.entries(step.state).map(([name, value]) => [
    name,
    Array.isArray(value) ? [...value] : value,
  ]);
  for (const name of step.runtime) entries.push([name, { __class__: 'RuntimeValue' }]);
  for (const name of Object.keys(step.connections)) entries.push([name, { __class__: 'ConnectedValue' }]);
  return nestToolState(entries, stepName(step), true);
}

function gaStep(step: WorkflowStep): JsonObject {
  const common: JsonObject = {
    id: step.index,
    type: step.type,
    label: step.label,
    annotation: step.annotation,
    ...(step.uuid ? { uuid: step.uuid } : {}),
    ...(step.position ? { position: { left: step.position.left, top: step.position.top } } : {}),
  };
  if (step.type !== 'tool') {
    return {
      ...common,
      name: INPUT_STEP_NAMES[step.type],
      tool_id: null,
      tool_version: null,
      tool_state: JSON.stringify(inputToolState(step)),
      input_connections: {},
      inputs: [{ name: step.label ?? INPUT_STEP_NAMES[step.type], description: step.annotation }],
      outputs: [],
      workflow_outputs: [],
    };
  }
  const inputConnections: JsonObject = {};
  for (const [input, sources] of Object.entries(step.connections)) {
    const list = sources.map((source) => ({ id: source.step, output_name: source.output }));
    if (list.length > 0) inputConnections[input] = list.length === 1 ? list[0]! : list;
  }
  const postJobActions: JsonObject = {};
  for (const [output, newName] of Object.entries(step.rename)) {
    postJobActions[`RenameDatasetAction${output}`] = {
      action_type: 'RenameDatasetAction',
      output_name: output,
      action_arguments: { newname: newName },
    };
  }
  for (const output of step.hide) {
    postJobActions[`HideDatasetAction${output}`] = {
      action_type: 'HideDatasetAction',
      output_name: output,
      action_arguments: {},
    };
  }
  return {
    ...common,
    name: step.tool_id,
    tool_id: step.tool_id,
    tool_version: step.tool_version,
    tool_state: JSON.stringify(toolState(step)),
    input_connections: inputConnections,
    inputs: step.runtime.map((name) => ({ name, description: `runtime parameter for tool ${step.tool_id}` })),
    outputs: [],
    post_job_actions: postJobActions,
    workflow_outputs: step.workflow_outputs.map(({ output, label }) => ({ output_name: output, label })),
  };
}

/** Writes the model as a Galaxy `.ga` file (format-version 0.1) that Galaxy imports. */
export function writeGa(model: WorkflowModel): string {
  checkWorkflow(model);
  const steps: JsonObject = {};
  for (const step of model.steps) steps[String(step.index)] = gaStep(step);
  const doc: JsonObject = {
    a_galaxy_workflow: 'true',
    'format-version': '0.1',
    name: model.name,
    annotation: model.annotation,
    tags: [...model.tags],
    ...(model.uuid ? { uuid: model.uuid } : {}),
    ...(model.license ? { license: model.license } : {}),
    ...(model.creator ? { creator: [{ class: 'Person', name: model.creator }] } : {}),
    steps,
  };
  return `${JSON.stringify(doc, null, 4)}\n`;
}
