/**
 * The tool's form both ways: the Galaxy model as the spec's Tool shape (POST
 * /v1/tools/details), and a submission's flat Galaxy inputs (`cond|param`, `rep_0|param`)
 * checked and nested into the values tree a TOOL job carries. Pure functions: the service
 * supplies the files behind job-space ids.
 */
import type { ToolDataParam, ToolDetails, ToolJobRequest, ToolParam, ViewerKind } from '@medx/contract';
import { AppError, badRequest } from '../../http/app-error';
import { acceptsFormat } from './datatypes';
import type { GalaxyDataColumnParam, GalaxyParam, GalaxySelectParam, GalaxyTool } from './galaxy-model';
import { branchOf } from './staging';

const VIEWER_KINDS = new Set(['box', 'docking_box', 'residue', 'residue_active', 'atom']);

const base = (p: GalaxyParam) => ({
  name: p.name,
  label: p.label || p.name,
  help: p.help || null,
  optional: p.optional,
  viewer: p.viewer && VIEWER_KINDS.has(p.viewer) ? (p.viewer as ViewerKind) : null,
});

/** Galaxy's default of a select: the options marked selected, else the first (none for multiple). */
export function selectDefault(p: GalaxySelectParam): string | string[] | null {
  const selected = p.options.filter((o) => o.selected).map((o) => o.value);
  if (p.multiple) return selected;
  return selected[0] ?? p.options[0]?.value ?? null;
}

/** Galaxy's default of a column chooser: a list when multiple ([] for none), else one column number or null. */
export function dataColumnDefault(p: GalaxyDataColumnParam): string | string[] | null {
  const value = p.value;
  if (p.multiple) return Array.isArray(value) ? value : value ? [value] : [];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/**
 * A param the form cannot offer (a Galaxy type MedX does not support), or null. Colour and
 * column (data_column) params are supported: load checks a data_column's data_ref.
 */
export function unsupportedParam(params: readonly GalaxyParam[]): string | null {
  for (const p of params) {
    if (p.unsupported) return `${p.name} (${p.type})`;
    if (p.type === 'select' && p.dynamic && !p.optional && p.options.length === 0) return `${p.name} (dynamic options)`;
    const nested =
      p.type === 'conditional'
        ? p.cases.flatMap((c) => c.inputs)
        : p.type === 'repeat' || p.type === 'section'
          ? p.inputs
          : [];
    const inner = nested.length ? unsupportedParam(nested) : null;
    if (inner) return inner;
  }
  return null;
}

/** Why a catalogue tool cannot run for its params (null when every one is supported). */
export function unsupportedReason(entry: { tool: { inputs: readonly GalaxyParam[] } }): string | null {
  const param = unsupportedParam(entry.tool.inputs);
  return param ? `the parameter ${param} is not supported by MedX.` : null;
}

export function toToolParam(p: GalaxyParam): ToolParam | null {
  switch (p.type) {
    case 'data':
      return {
        ...base(p),
        type: 'data',
        format: p.format,
        multiple: p.multiple,
        is_connection: false,
        connection: null,
      };
    case 'text':
      return { ...base(p), type: 'text', default: p.value, area: p.area };
    case 'integer':
    case 'float':
      return { ...base(p), type: p.type, default: p.value, min: p.min, max: p.max };
    case 'boolean':
      return { ...base(p), type: 'boolean', default: p.checked };
    case 'select':
      return {
        ...base(p),
        type: 'select',
        options: p.options.map((o) => ({ value: o.value, label: o.label })),
        multiple: p.multiple,
        default: selectDefault(p),
      };
    case 'hidden':
      return { ...base(p), type: 'hidden', default: p.value };
    case 'color':
      return { ...base(p), type: 'color', default: p.value || '#000000' };
    case 'data_column':
      return {
        ...base(p),
        type: 'data_column',
        data_ref: p.data_ref,
        multiple: p.multiple,
        default: dataColumnDefault(p),
      };
    case 'conditional': {
      const test = toToolParam(p.test_param);
      if (!test || (test.type !== 'select' && test.type !== 'boolean')) return null;
      const when: Record<string, ToolParam[]> = {};
      for (const c of p.cases) when[c.value] = toToolParams(c.inputs);
      return { ...base(p), type: 'conditional', test, when };
    }
    case 'repeat':
      return { ...base(p), type: 'repeat', title: p.title, min: p.min, max: p.max, params: toToolParams(p.inputs) };
    case 'section':
      return { ...base(p), type: 'section', title: p.title, expanded: p.expanded, params: toToolParams(p.inputs) };
    default:
      return null;
  }
}

export const toToolParams = (params: readonly GalaxyParam[]) =>
  params.map(toToolParam).filter((p): p is ToolParam => p !== null);

export function toDetails(
  tool: GalaxyTool,
  state: { available: boolean; unavailable_reason: string | null; allowed: boolean },
  descriptionHelp: string | null,
): ToolDetails {
  const inputs = toToolParams(tool.inputs);
  return {
    id: tool.id,
    name: tool.name,
    version: tool.version,
    description: tool.description,
    category: tool.category,
    tags: tool.tags,
    ...state,
    description_help: descriptionHelp,
    data: inputs.filter((p): p is ToolDataParam => p.type === 'data'),
    inputs,
    outputs: tool.outputs.map((o) => ({ name: o.name, format: o.format, label: o.label })),
    requirements: tool.requirements
      .filter((r) => r.type === 'package')
      .map((r) => ({ name: r.name, version: r.version })),
  };
}

/** A project file chosen for a data input, as the job's values keep it. */
export interface FileRef {
  file_id: number;
}

/** What the service knows of a job-space id: the project file behind it. */
export interface ResolvedFile {
  file_id: number;
  ext: string;
}

export type Flat = ToolJobRequest['tool_inputs'];
type Raw = Flat[string];
/** The job's values: nested as the params; data inputs as FileRef lists. */
export type JobValues = { [name: string]: unknown };

/**
 * Checks a submission's flat inputs against the tool's params and nests them (Galaxy's
 * rules: a missing value takes the param's default; an optional empty data input is
 * empty). Every key must name a param; each refusal names the input.
 */
export function buildValues(
  params: readonly GalaxyParam[],
  flat: Flat,
  resolve: (galaxyId: string) => ResolvedFile,
  options: { ignoreUnknown?: boolean } = {},
): JobValues {
  const used = new Set<string>();
  const values = nest(params, '', flat, used, resolve);
  const unknown = Object.keys(flat).find((key) => !used.has(key));
  // A workflow's saved state may keep values of another branch of a conditional: Galaxy ignores them too.
  if (unknown !== undefined && !options.ignoreUnknown) throw badRequest('toolInputUnknown', { input: unknown });
  return values;
}

function nest(
  params: readonly GalaxyParam[],
  prefix: string,
  flat: Flat,
  used: Set<string>,
  resolve: (galaxyId: string) => ResolvedFile,
): JobValues {
  const out: JobValues = {};
  for (const p of params) {
    const key = `${prefix}${p.name}`;
    const label = p.label || p.name;
    const raw = Object.hasOwn(flat, key) ? flat[key] : undefined;
    if (raw !== undefined) used.add(key);
    switch (p.type) {
      case 'conditional': {
        const testKey = `${key}|${p.test_param.name}`;
        const testRaw = Object.hasOwn(flat, testKey) ? flat[testKey] : undefined;
        if (testRaw !== undefined) used.add(testKey);
        const chosen = leaf(p.test_param, testRaw, p.test_param.label || p.test_param.name, resolve);
        const branch = branchOf(p, chosen);
        out[p.name] = {
          [p.test_param.name]: chosen,
          ...(branch ? nest(branch.inputs, `${key}|`, flat, used, resolve) : {}),
        };
        break;
      }
      case 'section':
        out[p.name] = nest(p.inputs, `${key}|`, flat, used, resolve);
        break;
      case 'repeat': {
        const indices = new Set<number>();
        const pattern = new RegExp(`^${escapeRegExp(key)}_(\\d+)\\|`);
        for (const k of Object.keys(flat)) {
          const m = pattern.exec(k);
          if (m) indices.add(Number(m[1]));
        }
        const count = indices.size ? Math.max(...indices) + 1 : p.default;
        const max = p.max ?? Number.POSITIVE_INFINITY;
        if (count < p.min || count > max) {
          throw badRequest('toolRepeatCount', { input: label, min: p.min, max: p.max ?? '∞', count });
        }
        out[p.name] = Array.from({ length: count }, (_, i) => nest(p.inputs, `${key}_${i}|`, flat, used, resolve));
        break;
      }
      default:
        out[p.name] = leaf(p, raw, label, resolve);
    }
  }
  return out;
}

function leaf(p: GalaxyParam, raw: Raw | undefined, label: string, resolve: (id: string) => ResolvedFile): unknown {
  const wrongType = () => badRequest('toolValueType', { input: label });
  switch (p.type) {
    case 'data': {
      if (raw !== undefined && raw !== null && (typeof raw !== 'object' || Array.isArray(raw))) throw wrongType();
      const ids = raw ? raw.values.map((v) => v.id) : [];
      if (ids.length === 0) {
        if (p.optional) return [];
        throw badRequest('toolInputRequired', { input: label });
      }
      if (!p.multiple && ids.length > 1) throw badRequest('toolInputSingle', { input: label, count: ids.length });
      return ids.map((id): FileRef => {
        const file = resolve(id);
        if (!acceptsFormat(p.format, file.ext)) throw badRequest('toolInvalidFormat', { formats: p.format.join(', ') });
        return { file_id: file.file_id };
      });
    }
    case 'integer':
    case 'float': {
      if (raw === undefined || raw === null || raw === '') {
        if (p.value === null && !p.optional) throw badRequest('toolInputRequired', { input: label });
        return raw === undefined ? p.value : null;
      }
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim()) : Number.NaN;
      if (!Number.isFinite(n) || (p.type === 'integer' && !Number.isInteger(n))) {
        throw badRequest('toolNumberInvalid', { input: label });
      }
      if (p.min !== null && n < p.min) throw badRequest('toolNumberBelowMin', { input: label, min: p.min });
      if (p.max !== null && n > p.max) throw badRequest('toolNumberAboveMax', { input: label, max: p.max });
      return n;
    }
    case 'boolean': {
      if (raw === undefined || raw === null) return p.checked;
      if (typeof raw === 'boolean') return raw;
      if (raw === 'true' || raw === p.truevalue) return true;
      if (raw === 'false' || raw === p.falsevalue) return false;
      throw wrongType();
    }
    case 'select': {
      if (raw === undefined) return selectDefault(p);
      const chosen = raw === null ? [] : Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : null;
      if (chosen === null) throw wrongType();
      if (!p.dynamic) {
        const bad = chosen.find((v) => !p.options.some((o) => o.value === v));
        if (bad !== undefined) throw badRequest('toolOptionInvalid', { input: label, value: bad });
      }
      if (chosen.length === 0 && !p.optional) throw badRequest('toolInputRequired', { input: label });
      if (!p.multiple && chosen.length > 1) throw wrongType();
      return p.multiple ? chosen : (chosen[0] ?? null);
    }
    case 'text': {
      if (raw === undefined || raw === null) return p.value;
      if (typeof raw !== 'string' && typeof raw !== 'number') throw wrongType();
      return String(raw);
    }
    case 'hidden':
      // A hidden param is the tool's, never the caller's.
      return p.value;
    case 'color': {
      if (raw === undefined || raw === null) return p.value || '#000000';
      if (typeof raw !== 'string' || !COLOR.test(raw)) throw badRequest('toolColorInvalid', { input: label });
      return raw.toLowerCase();
    }
    case 'data_column':
      return dataColumnValue(p, raw, label);
    default:
      throw new AppError(400, 'toolInputUnknown', { input: label });
  }
}

const COLOR = /^#[0-9a-fA-F]{6}$/;
/** A column number as Galaxy reads it: digits, 1 up; Galaxy's label convention 'c2' is column 2. */
const COLUMN = /^c?0*([1-9][0-9]{0,5})$/i;

/**
 * A column chooser's value: 1-based column numbers as strings (a list when multiple, its items
 * or one comma-joined text as Galaxy takes it), null ([] when multiple) for none. Whether the
 * number exists in the referenced file is not known here (the file is not read).
 */
function dataColumnValue(p: GalaxyDataColumnParam, raw: Raw | undefined, label: string): string | string[] | null {
  if (raw === undefined) return dataColumnDefault(p);
  let items: unknown[];
  if (raw === null) items = [];
  else if (Array.isArray(raw)) items = raw;
  else if (typeof raw === 'string') items = raw.split(',');
  else if (typeof raw === 'number') items = [raw];
  else throw badRequest('toolValueType', { input: label });
  const columns: string[] = [];
  for (const item of items) {
    const text = typeof item === 'number' ? (Number.isInteger(item) ? String(item) : '-') : String(item).trim();
    if (text === '') continue;
    const match = COLUMN.exec(text);
    if (!match?.[1]) throw badRequest('toolColumnInvalid', { input: label });
    columns.push(match[1]);
  }
  if (columns.length === 0) {
    if (!p.optional) throw badRequest('toolInputRequired', { input: label });
    return p.multiple ? [] : null;
  }
  if (p.multiple) return columns;
  if (columns.length > 1) throw badRequest('toolValueType', { input: label });
  return columns[0] ?? null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every data input's file ids in a values tree (for the executor and access checks). */
export function fileRefs(params: readonly GalaxyParam[], values: JobValues): number[] {
  const ids: number[] = [];
  const walk = (ps: readonly GalaxyParam[], vs: JobValues) => {
    for (const p of ps) {
      const v = vs[p.name];
      if (p.type === 'data' && Array.isArray(v)) ids.push(...(v as FileRef[]).map((r) => r.file_id));
      else if (p.type === 'section' && v && typeof v === 'object') walk(p.inputs, v as JobValues);
      else if (p.type === 'repeat' && Array.isArray(v)) for (const item of v as JobValues[]) walk(p.inputs, item);
      else if (p.type === 'conditional' && v && typeof v === 'object') {
        const branch = branchOf(p, (v as JobValues)[p.test_param.name]);
        if (branch) walk(branch.inputs, v as JobValues);
      }
    }
  };
  walk(params, values);
  return ids;
}
