import {
  type DockingPocket,
  pocketFromBounds,
  type ToolBooleanParam,
  type ToolConditionalParam,
  type ToolDataParam,
  type ToolJobRequest,
  type ToolParam,
  type ToolRepeatParam,
  type ToolSelectParam,
} from '@medx/contract';
import type { ResidueRef } from '../../viewer/viewer-selection-molstar';

/**
 * The tool form as a tree of values shaped like the params (spec §3 Tool, §4 Tool wizard and
 * Conditional params), and its translation into Galaxy's flat tool_inputs (POST /v1/jobs/tool),
 * pure. A data input holds project file ids; a conditional holds its test value next to its
 * branch's values; a section an object; a repeat a list of objects.
 */
export type FormValue = string | number | boolean | null | string[] | number[] | FormValues | FormValues[];
export interface FormValues {
  [name: string]: FormValue;
}

/** One value of tool_inputs. */
export type ToolInputValue = ToolJobRequest['tool_inputs'][string];
export type ToolInputs = Record<string, ToolInputValue>;

/** A path into the tree: names, and indexes into repeats. */
export type ValuePath = readonly (string | number)[];

type TestParam = ToolSelectParam | ToolBooleanParam;

/** The key of `when` for a test value: booleans key 'true'/'false' (spec §3 "when"). */
export const branchKey = (value: FormValue): string => String(value);

/** The test's starting value: its default, else the first option (spec §4 Conditional params). */
export function defaultTestValue(test: TestParam): string | boolean {
  if (test.type === 'boolean') return test.default;
  const chosen = Array.isArray(test.default) ? test.default[0] : test.default;
  return chosen ?? test.options[0]?.value ?? '';
}

function initialValue(param: ToolParam): FormValue {
  switch (param.type) {
    case 'data':
      return [];
    case 'text':
    case 'hidden':
      return param.default;
    case 'integer':
    case 'float':
      return param.default;
    case 'boolean':
      return param.default;
    case 'color':
      return param.default;
    case 'data_column':
      if (param.multiple) return Array.isArray(param.default) ? param.default : param.default ? [param.default] : [];
      return (Array.isArray(param.default) ? param.default[0] : param.default) ?? null;
    case 'select':
      if (param.multiple) return Array.isArray(param.default) ? param.default : param.default ? [param.default] : [];
      return (Array.isArray(param.default) ? param.default[0] : param.default) ?? param.options[0]?.value ?? '';
    case 'conditional':
      return conditionalValues(param, defaultTestValue(param.test));
    case 'repeat':
      return Array.from({ length: Math.max(0, param.min) }, () => initialValues(param.params));
    case 'section':
      return initialValues(param.params);
  }
}

/** Every param at its default. */
export function initialValues(params: readonly ToolParam[]): FormValues {
  const values: FormValues = {};
  for (const param of params) values[param.name] = initialValue(param);
  return values;
}

/** A conditional's values for a test value: the test, and that branch's params at their defaults. */
function conditionalValues(param: ToolConditionalParam, testValue: string | boolean): FormValues {
  return { [param.test.name]: testValue, ...initialValues(param.when[branchKey(testValue)] ?? []) };
}

/**
 * Spec §4 Conditional params: choosing another test value drops the old branch's values; the new
 * branch starts from its defaults (a select without one takes its first option).
 */
export function switchConditional(param: ToolConditionalParam, testValue: string | boolean): FormValues {
  return conditionalValues(param, testValue);
}

export const isRecord = (value: unknown): value is FormValues =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function getAt(values: FormValues, path: ValuePath): FormValue | undefined {
  let current: unknown = values;
  for (const step of path) {
    if (typeof step === 'number') current = Array.isArray(current) ? current[step] : undefined;
    else current = isRecord(current) ? current[step] : undefined;
  }
  return current as FormValue | undefined;
}

/** A copy of `values` with `value` at `path` (objects and lists on the way are copied). */
export function setAt(values: FormValues, path: ValuePath, value: FormValue): FormValues {
  const [head, ...rest] = path;
  if (head === undefined) return isRecord(value) ? value : values;
  const write = (container: unknown, steps: ValuePath): FormValue => {
    const [step, ...more] = steps;
    if (step === undefined) return value;
    if (typeof step === 'number') {
      const list = Array.isArray(container) ? [...(container as FormValues[])] : [];
      list[step] = write(list[step], more) as FormValues;
      return list;
    }
    const record = isRecord(container) ? { ...container } : {};
    record[step] = write(record[step], more);
    return record;
  };
  return write(values, [head, ...rest]) as FormValues;
}

/** Spec §4 Repeat groups: insert adds a group at its defaults, up to `max`. */
export function addRepeatGroup(param: ToolRepeatParam, groups: readonly FormValues[]): FormValues[] {
  if (param.max !== null && groups.length >= param.max) return [...groups];
  return [...groups, initialValues(param.params)];
}

/** A group is deleted unless that would leave fewer than `min`. */
export function removeRepeatGroup(param: ToolRepeatParam, groups: readonly FormValues[], index: number): FormValues[] {
  if (groups.length <= param.min) return [...groups];
  return groups.filter((_group, i) => i !== index);
}

const asIds = (value: FormValue | undefined): number[] =>
  Array.isArray(value) ? (value as unknown[]).filter((id): id is number => typeof id === 'number') : [];

const asGroups = (value: FormValue | undefined): FormValues[] =>
  Array.isArray(value) ? (value as unknown[]).filter(isRecord) : [];

const asRecord = (value: FormValue | undefined): FormValues => (isRecord(value) ? value : {});

/**
 * Galaxy's flat tool_inputs from the tree: `param`, `cond|param` (the test as `cond|<test>`),
 * `section|param`, `repeat_0|param`. `dataValue` turns a data input's file ids into its value
 * ({batch:false, values:[{id, src:'hda'}]}), null when it holds none.
 */
export function flattenInputs(
  params: readonly ToolParam[],
  values: FormValues,
  dataValue: (fileIds: number[]) => ToolInputValue,
  prefix = '',
): ToolInputs {
  const out: ToolInputs = {};
  for (const param of params) {
    const key = `${prefix}${param.name}`;
    const value = values[param.name];
    switch (param.type) {
      case 'data': {
        const ids = asIds(value);
        out[key] = ids.length > 0 ? dataValue(ids) : null;
        break;
      }
      case 'conditional': {
        const record = asRecord(value);
        const testValue = record[param.test.name] ?? defaultTestValue(param.test);
        out[`${key}|${param.test.name}`] = testValue as ToolInputValue;
        Object.assign(out, flattenInputs(param.when[branchKey(testValue)] ?? [], record, dataValue, `${key}|`));
        break;
      }
      case 'section':
        Object.assign(out, flattenInputs(param.params, asRecord(value), dataValue, `${key}|`));
        break;
      case 'repeat':
        asGroups(value).forEach((group, index) => {
          Object.assign(out, flattenInputs(param.params, group, dataValue, `${key}_${index}|`));
        });
        break;
      case 'select':
        out[key] = param.multiple
          ? Array.isArray(value)
            ? (value as unknown[]).map(String)
            : []
          : value === undefined || value === null
            ? null
            : String(value);
        break;
      case 'integer':
      case 'float':
        out[key] = typeof value === 'number' && Number.isFinite(value) ? value : null;
        break;
      case 'boolean':
        out[key] = value === true;
        break;
      case 'color':
        out[key] = typeof value === 'string' ? value.toLowerCase() : null;
        break;
      case 'data_column':
        // Column numbers as strings, a list when multiple (the server checks them again).
        out[key] = param.multiple
          ? asColumns(value)
          : value === undefined || value === null || value === ''
            ? null
            : String(value);
        break;
      default:
        out[key] = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
    }
  }
  return out;
}

const asColumns = (value: FormValue | undefined): string[] =>
  (Array.isArray(value) ? (value as unknown[]) : value === undefined || value === null ? [] : [value])
    .map((item) => String(item).trim())
    .filter((item) => item !== '');

/** A colour as Galaxy's color param takes it. */
export const COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
/** A column number (1-based, as Galaxy's data_column counts them). */
export const isColumnNumber = (text: string) => /^[1-9][0-9]{0,5}$/.test(text);

/** Every project file id the tree holds (top-level and nested data inputs), once each. */
export function dataFileIds(params: readonly ToolParam[], values: FormValues): number[] {
  const ids = new Set<number>();
  const walk = (list: readonly ToolParam[], record: FormValues) => {
    for (const param of list) {
      const value = record[param.name];
      if (param.type === 'data') for (const id of asIds(value)) ids.add(id);
      else if (param.type === 'section') walk(param.params, asRecord(value));
      else if (param.type === 'repeat') for (const group of asGroups(value)) walk(param.params, group);
      else if (param.type === 'conditional') {
        const record2 = asRecord(value);
        walk(param.when[branchKey(record2[param.test.name] ?? defaultTestValue(param.test))] ?? [], record2);
      }
    }
  };
  walk(params, values);
  return [...ids];
}

/** The files chosen for each top-level data input, by its name. */
export type ChosenFiles = Record<string, number[]>;

/**
 * Spec §5 Tool submission: several files on a data input that is not `multiple` are several
 * jobs, one per file; with several such inputs, one job per combination (the cartesian
 * product). A `multiple` input takes all its files in each job.
 */
export function expandJobs(dataParams: readonly ToolDataParam[], chosen: ChosenFiles): ChosenFiles[] {
  let combinations: ChosenFiles[] = [{}];
  for (const param of dataParams) {
    const ids = chosen[param.name] ?? [];
    const choices = param.multiple || ids.length <= 1 ? [ids] : ids.map((id) => [id]);
    combinations = combinations.flatMap((combination) =>
      choices.map((choice) => ({ ...combination, [param.name]: choice })),
    );
  }
  return combinations;
}

/** How many jobs a submit makes (shown before submitting). */
export function jobCount(dataParams: readonly ToolDataParam[], chosen: ChosenFiles): number {
  return dataParams.reduce((count, param) => {
    const files = chosen[param.name]?.length ?? 0;
    return param.multiple || files <= 1 ? count : count * files;
  }, 1);
}

/** A problem of one field, keyed by its flat name. */
export interface FieldIssue {
  key: string;
  kind: 'required' | 'min' | 'max' | 'integer' | 'color' | 'column';
  limit?: number;
}

/**
 * Spec §5 (parameter form): required values, numbers within min/max, integers whole, colours
 * #rrggbb, column numbers from 1.
 */
export function validateValues(params: readonly ToolParam[], values: FormValues, prefix = ''): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const param of params) {
    const key = `${prefix}${param.name}`;
    const value = values[param.name];
    switch (param.type) {
      case 'data':
        if (!param.optional && asIds(value).length === 0) issues.push({ key, kind: 'required' });
        break;
      case 'integer':
      case 'float':
        if (typeof value !== 'number' || !Number.isFinite(value)) {
          if (!param.optional) issues.push({ key, kind: 'required' });
        } else if (param.type === 'integer' && !Number.isInteger(value)) issues.push({ key, kind: 'integer' });
        else if (param.min !== null && value < param.min) issues.push({ key, kind: 'min', limit: param.min });
        else if (param.max !== null && value > param.max) issues.push({ key, kind: 'max', limit: param.max });
        break;
      case 'color':
        if (typeof value !== 'string' || !COLOR_PATTERN.test(value)) issues.push({ key, kind: 'color' });
        break;
      case 'data_column': {
        const columns = asColumns(value);
        if (columns.length === 0) {
          if (!param.optional) issues.push({ key, kind: 'required' });
        } else if (!columns.every(isColumnNumber)) issues.push({ key, kind: 'column' });
        break;
      }
      case 'select':
        if (param.optional) break;
        if (param.multiple ? !Array.isArray(value) || value.length === 0 : value === null || value === '') {
          if (param.options.length > 0) issues.push({ key, kind: 'required' });
        }
        break;
      case 'conditional': {
        const record = asRecord(value);
        const testValue = record[param.test.name] ?? defaultTestValue(param.test);
        issues.push(...validateValues(param.when[branchKey(testValue)] ?? [], record, `${key}|`));
        break;
      }
      case 'section':
        issues.push(...validateValues(param.params, asRecord(value), `${key}|`));
        break;
      case 'repeat':
        asGroups(value).forEach((group, index) => {
          issues.push(...validateValues(param.params, group, `${key}_${index}|`));
        });
        break;
      default:
        break;
    }
  }
  return issues;
}

/** Galaxy datatypes whose files are plain text (what 'txt' accepts). */
const TEXT_LIKE = new Set([
  'txt',
  'text',
  'csv',
  'tsv',
  'tabular',
  'tab',
  'json',
  'xml',
  'html',
  'htm',
  'fasta',
  'fa',
  'fas',
  'faa',
  'fna',
  'pdb',
  'pdbqt',
  'ent',
  'sdf',
  'sd',
  'mol',
  'mol2',
  'smi',
  'smiles',
  'inchi',
  'xyz',
  'cif',
  'mmcif',
  'gro',
  'top',
  'itp',
  'mdp',
  'ndx',
  'xvg',
  'log',
]);

/** Extensions a Galaxy format takes besides its own name. */
const FORMAT_ALIASES: Record<string, readonly string[]> = {
  fasta: ['fasta', 'fa', 'fas', 'faa', 'fna'],
  smi: ['smi', 'smiles'],
  smiles: ['smi', 'smiles'],
  sdf: ['sdf', 'sd', 'mol'],
  mol: ['mol', 'sdf'],
  tabular: ['tabular', 'tsv', 'tab'],
  tsv: ['tsv', 'tabular'],
  cif: ['cif', 'mmcif'],
  mmcif: ['cif', 'mmcif'],
  pdb: ['pdb', 'ent'],
  html: ['html', 'htm'],
};

/**
 * Whether a project file (by extension) fits a data input's formats (Galaxy names): 'data'
 * takes anything, 'txt' any text-like file, other names their own extension (and aliases).
 */
export function acceptsFile(formats: readonly string[], ext: string): boolean {
  const fileExt = ext.trim().toLowerCase().replace(/^\./, '');
  if (formats.length === 0) return true;
  return formats.some((format) => {
    const name = format.trim().toLowerCase();
    if (name === 'data') return true;
    if (name === 'txt' || name === 'text') return TEXT_LIKE.has(fileExt);
    return (FORMAT_ALIASES[name] ?? [name]).includes(fileExt);
  });
}

const BOX_FIELDS = ['center_x', 'center_y', 'center_z', 'size_x', 'size_y', 'size_z'] as const;

/**
 * A box from Med View (params with viewer box or docking_box, spec §3): the centre and size
 * params beside it (or inside it, for a section), e.g. a Vina tool's center_x … size_z, get
 * the pocket's values; a text param with no such neighbours gets the six numbers.
 */
export function applyBox(
  levelParams: readonly ToolParam[],
  levelValues: FormValues,
  viewerParam: ToolParam,
  pocket: DockingPocket,
): FormValues {
  const inside = viewerParam.type === 'section';
  const params = inside ? viewerParam.params : levelParams;
  let target: FormValues = inside ? asRecord(levelValues[viewerParam.name]) : { ...levelValues };
  let filled = 0;
  for (const field of BOX_FIELDS) {
    const match = params.find(
      (param) =>
        (param.type === 'float' || param.type === 'integer' || param.type === 'text') &&
        new RegExp(`(^|_)${field}$`, 'i').test(param.name),
    );
    if (!match) continue;
    target = { ...target, [match.name]: match.type === 'text' ? String(pocket[field]) : pocket[field] };
    filled += 1;
  }
  if (inside) return { ...levelValues, [viewerParam.name]: target };
  if (filled === 0 && viewerParam.type === 'text') {
    target[viewerParam.name] = BOX_FIELDS.map((field) => pocket[field]).join(' ');
  }
  return target;
}

/** A residue of the selection (viewer/viewer-selection-molstar.ts reads them from Med View). */
export type { ResidueRef } from '../../viewer/viewer-selection-molstar';

/** Residues as the docking residue field reads them: `A:45 A:67B`, each once, in order. */
export function formatResidues(residues: readonly ResidueRef[]): string {
  const seen = new Set<string>();
  for (const residue of residues) {
    const id = `${residue.chain ? `${residue.chain}:` : ''}${residue.seq}${residue.insCode.trim()}`;
    seen.add(id);
  }
  return [...seen].join(' ');
}

/**
 * The box around selected atoms (flat x, y, z), `padding` Å added on every side, 2 decimals;
 * null without a finite point.
 */
export function selectionBox(positions: ArrayLike<number>, padding: number): DockingPocket | null {
  const count = Math.floor(positions.length / 3);
  if (count === 0) return null;
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < count; i++) {
    for (const axis of [0, 1, 2] as const) {
      const value = positions[i * 3 + axis] as number;
      if (!Number.isFinite(value)) return null;
      min[axis] = Math.min(min[axis], value);
      max[axis] = Math.max(max[axis], value);
    }
  }
  return pocketFromBounds(min, max, Math.max(0, padding));
}
