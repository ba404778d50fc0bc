import {
  type BuilderCommandBlock,
  type BuilderDependency,
  BuilderDraft,
  type BuilderDraftInput,
  BuilderParam,
  type BuilderParamType,
  type BuilderScript,
  type BuilderTest,
  type BuilderToolInfo,
  NUMERIC_PARAM_TYPES,
  OPTION_PARAM_TYPES,
  OUTPUT_PARAM_TYPES,
} from '@medx/contract';

/**
 * The builder's state, pure: the draft (packages/contract BuilderDraft) and its edits as
 * reducer actions, plus what the page remembers about it: the draft as last saved or loaded
 * (unsaved changes) and as last submitted (the Submit button reads Submitted while unchanged).
 */
export interface BuilderState {
  draft: BuilderDraft;
  /** JSON of the draft as last saved as a version, loaded or started. */
  savedJson: string;
  /** JSON of the draft as last submitted, null before any submission. */
  submittedJson: string | null;
}

export type BuilderAction =
  | { type: 'setInfo'; patch: Partial<BuilderToolInfo> }
  | { type: 'addDependency'; dependency?: BuilderDependency }
  | { type: 'updateDependency'; index: number; patch: Partial<BuilderDependency> }
  | { type: 'removeDependency'; index: number }
  | { type: 'mergeDependencies'; dependencies: readonly BuilderDependency[] }
  | { type: 'addParam'; paramType: BuilderParamType }
  | { type: 'updateParam'; index: number; patch: Partial<BuilderParam> }
  | { type: 'setParamType'; index: number; paramType: BuilderParamType }
  | { type: 'moveParam'; index: number; delta: -1 | 1 }
  | { type: 'removeParam'; index: number }
  | { type: 'addBlock'; id: string; content?: string }
  | { type: 'updateBlock'; id: string; content: string }
  | { type: 'moveBlock'; id: string; delta: -1 | 1 }
  | { type: 'removeBlock'; id: string }
  | { type: 'addScript'; script: BuilderScript }
  | { type: 'removeScript'; name: string }
  | { type: 'setValues'; values: Record<string, unknown> }
  | { type: 'setTest'; test: BuilderTest | null }
  /** Replaces the whole draft (a version, an import, a new draft); `saved`: it is the saved state. */
  | { type: 'load'; draft: BuilderDraftInput; saved: boolean }
  | { type: 'markSaved' }
  | { type: 'markSubmitted' };

/** A draft as the contract completes it (every default filled in, in the schema's key order). */
export const normalizeDraft = (input: BuilderDraftInput): BuilderDraft => BuilderDraft.parse(input);

export const draftJson = (draft: BuilderDraft) => JSON.stringify(draft);

/** A new tool: nothing filled in but the version, one empty command block. */
export function emptyDraft(blockId = 'block-1'): BuilderDraft {
  return normalizeDraft({
    info: { toolId: '', toolName: '', version: '1.0.0' },
    commandBlocks: [{ id: blockId, content: '' }],
  });
}

/** Nothing typed yet: the info as new, no dependencies, params, scripts or command text. */
export function isPristine(draft: BuilderDraft): boolean {
  const { info } = draft;
  return (
    JSON.stringify(info) === JSON.stringify(emptyDraft().info) &&
    draft.dependencies.length === 0 &&
    draft.params.length === 0 &&
    draft.scripts.length === 0 &&
    draft.test === null &&
    draft.commandBlocks.every((block) => !block.content.trim())
  );
}

export function initialState(draft: BuilderDraft = emptyDraft()): BuilderState {
  return { draft, savedJson: draftJson(draft), submittedJson: null };
}

/** The first name of a new param of a type (a valid Cheetah identifier). */
function baseName(type: BuilderParamType): string {
  if (type === 'data') return 'input';
  if (OUTPUT_PARAM_TYPES.includes(type)) return 'output';
  return type.replace(/^3d_/, '');
}

/** `<base>_<n>` with the smallest n no param uses yet. */
export function uniqueParamName(type: BuilderParamType, params: readonly BuilderParam[]): string {
  const taken = new Set(params.map((p) => p.name));
  const base = baseName(type);
  for (let n = 1; ; n++) if (!taken.has(`${base}_${n}`)) return `${base}_${n}`;
}

/** A param of the type with the contract's defaults (its problems say what is left to fill in). */
export function newParam(type: BuilderParamType, params: readonly BuilderParam[]): BuilderParam {
  return BuilderParam.parse({ type, name: uniqueParamName(type, params) });
}

/** The default a param keeps when its type changes (only when it still fits the new type). */
function defaultFor(type: BuilderParamType, value: BuilderParam['default']): BuilderParam['default'] {
  if (value === null) return null;
  if (NUMERIC_PARAM_TYPES.includes(type)) return typeof value === 'number' ? value : null;
  if (type === 'boolean') return typeof value === 'boolean' ? value : null;
  if (type === 'data' || OUTPUT_PARAM_TYPES.includes(type)) return null;
  return typeof value === 'string' ? value : null;
}

const depKey = (dep: BuilderDependency) => `${dep.name.trim()}@${dep.version.trim()}`;

/**
 * Conda packages into the table: ones with a name and version already listed are skipped
 * (spec §5 'Dependency already exists'). Answers the new list and how many were added.
 */
export function mergeDependencies(
  existing: readonly BuilderDependency[],
  incoming: readonly BuilderDependency[],
): { dependencies: BuilderDependency[]; added: number; skipped: number } {
  const seen = new Set(existing.map(depKey));
  const dependencies = [...existing];
  let skipped = 0;
  for (const dep of incoming) {
    const clean = { name: dep.name.trim(), version: dep.version.trim(), channel: dep.channel.trim() };
    if (!clean.name || seen.has(depKey(clean))) {
      skipped += 1;
      continue;
    }
    seen.add(depKey(clean));
    dependencies.push(clean);
  }
  return { dependencies, added: dependencies.length - existing.length, skipped };
}

function move<T>(list: readonly T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item as T);
  return next;
}

/** A param renamed: params depending on it, and the preview's value, follow the new name. */
function renameParam(draft: BuilderDraft, index: number, name: string): BuilderDraft {
  const old = draft.params[index]?.name;
  if (old === undefined || old === name) return draft;
  const params = draft.params.map((param, i) => {
    if (i === index) return { ...param, name };
    if (param.dependsOn?.param === old) return { ...param, dependsOn: { ...param.dependsOn, param: name } };
    return param;
  });
  let values = draft.values;
  if (old in values && !(name in values)) {
    const { [old]: value, ...rest } = values;
    values = { ...rest, [name]: value };
  }
  return { ...draft, params, values };
}

function updateDraft(draft: BuilderDraft, action: BuilderAction): BuilderDraft {
  switch (action.type) {
    case 'setInfo':
      return { ...draft, info: { ...draft.info, ...action.patch } };
    case 'addDependency':
      return {
        ...draft,
        dependencies: [...draft.dependencies, action.dependency ?? { name: '', version: '', channel: '' }],
      };
    case 'updateDependency':
      return {
        ...draft,
        dependencies: draft.dependencies.map((dep, i) => (i === action.index ? { ...dep, ...action.patch } : dep)),
      };
    case 'removeDependency':
      return { ...draft, dependencies: draft.dependencies.filter((_dep, i) => i !== action.index) };
    case 'mergeDependencies':
      return { ...draft, dependencies: mergeDependencies(draft.dependencies, action.dependencies).dependencies };
    case 'addParam':
      return { ...draft, params: [...draft.params, newParam(action.paramType, draft.params)] };
    case 'updateParam': {
      const { name, ...rest } = action.patch;
      const renamed = name === undefined ? draft : renameParam(draft, action.index, name);
      return {
        ...renamed,
        params: renamed.params.map((param, i) => (i === action.index ? { ...param, ...rest } : param)),
      };
    }
    case 'setParamType':
      return {
        ...draft,
        params: draft.params.map((param, i) => {
          if (i !== action.index || param.type === action.paramType) return param;
          const type = action.paramType;
          return {
            ...param,
            type,
            default: defaultFor(type, param.default),
            options: OPTION_PARAM_TYPES.includes(type) ? param.options : [],
            fileTypes: type === 'data' ? param.fileTypes : [],
            format: OUTPUT_PARAM_TYPES.includes(type) ? param.format : '',
            validator: NUMERIC_PARAM_TYPES.includes(type) ? param.validator : { min: null, max: null, step: null },
            dependsOn: type === 'dependency' && param.dependsOn?.value != null ? null : param.dependsOn,
          };
        }),
      };
    case 'moveParam':
      return { ...draft, params: move(draft.params, action.index, action.delta) };
    case 'removeParam': {
      const removed = draft.params[action.index];
      if (!removed) return draft;
      const { [removed.name]: _dropped, ...values } = draft.values;
      return { ...draft, params: draft.params.filter((_p, i) => i !== action.index), values };
    }
    case 'addBlock':
      return { ...draft, commandBlocks: [...draft.commandBlocks, { id: action.id, content: action.content ?? '' }] };
    case 'updateBlock':
      if (draft.commandBlocks.some((block) => block.id === action.id && block.content === action.content)) return draft;
      return {
        ...draft,
        commandBlocks: draft.commandBlocks.map((block) =>
          block.id === action.id ? { ...block, content: action.content } : block,
        ),
      };
    case 'moveBlock': {
      const index = draft.commandBlocks.findIndex((block) => block.id === action.id);
      return { ...draft, commandBlocks: move(draft.commandBlocks, index, action.delta) };
    }
    case 'removeBlock':
      return { ...draft, commandBlocks: draft.commandBlocks.filter((block) => block.id !== action.id) };
    case 'addScript':
      // A name is never listed twice (the upload refuses a duplicate before this).
      if (draft.scripts.some((script) => script.name === action.script.name)) return draft;
      return { ...draft, scripts: [...draft.scripts, action.script] };
    case 'removeScript':
      return { ...draft, scripts: draft.scripts.filter((script) => script.name !== action.name) };
    case 'setValues':
      return { ...draft, values: action.values };
    case 'setTest':
      return { ...draft, test: action.test };
    default:
      return draft;
  }
}

export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  switch (action.type) {
    case 'load': {
      const draft = normalizeDraft(action.draft);
      return { draft, savedJson: action.saved ? draftJson(draft) : state.savedJson, submittedJson: null };
    }
    case 'markSaved':
      return { ...state, savedJson: draftJson(state.draft) };
    case 'markSubmitted':
      return { ...state, submittedJson: draftJson(state.draft) };
    default: {
      const draft = updateDraft(state.draft, action);
      return draft === state.draft ? state : { ...state, draft };
    }
  }
}

/** The draft as the generated XML depends on it: without the preview form's values and the test. */
export function toolJson(draft: BuilderDraft): string {
  const { values: _values, test: _test, ...rest } = draft;
  return JSON.stringify(rest);
}

/** A command block's new id (unique within the draft; the contract allows 40 characters). */
export function newBlockId(blocks: readonly BuilderCommandBlock[]): string {
  const taken = new Set(blocks.map((block) => block.id));
  for (let n = blocks.length + 1; ; n++) {
    const id = `block-${n}`;
    if (!taken.has(id)) return id;
  }
}
