import { z } from 'zod';
import { idParam, limitField, pageField, trimmedRequired } from './fields';

/**
 * The parameter builder (spec §3 "Parameter-builder entities", §4, §5, §7; issue 16): a
 * registered user describes a tool (info, dependencies, params, command blocks, scripts,
 * macros), the server turns it into a Galaxy tool XML (medx_galaxy.build), the author test-runs
 * it, saves versions, and submits it for review (POST /v1/users/publish_app). Admins test and
 * publish it into the catalogue. docs/decisions.md "The parameter builder".
 */

/** Spec §3's 18 parameter types, in its order. */
export const BUILDER_PARAM_TYPES = [
  'data',
  'select',
  'float',
  'integer',
  'boolean',
  'text',
  'date',
  'time',
  'color',
  'range',
  'dependency',
  'condition',
  '3d_viewer_box',
  '3d_viewer_residue',
  '3d_viewer_atom',
  '3d_viewer_docking_box',
  'output_data',
  'output_collection',
] as const;
export type BuilderParamType = (typeof BUILDER_PARAM_TYPES)[number];

export const OUTPUT_PARAM_TYPES: readonly BuilderParamType[] = ['output_data', 'output_collection'];
export const NUMERIC_PARAM_TYPES: readonly BuilderParamType[] = ['float', 'integer', 'range'];
/** Types whose options (value, label) are edited: a select and a condition's branches. */
export const OPTION_PARAM_TYPES: readonly BuilderParamType[] = ['select', 'condition'];

/** Spec §5: script uploads, conda uploads, macros uploads. */
export const SCRIPT_EXTENSIONS = [
  'py',
  'sh',
  'r',
  'pl',
  'rb',
  'js',
  'php',
  'perl',
  'tcl',
  'bat',
  'cmd',
  'exe',
] as const;
export const CONDA_EXTENSIONS = ['bz2', 'xml', 'zip'] as const;
export const MACRO_EXTENSIONS = ['xml', 'txt'] as const;

export const TOOL_BUILDER_LIMITS = {
  params: 100,
  options: 200,
  dependencies: 50,
  commandBlocks: 50,
  commandBlockChars: 20_000,
  scripts: 20,
  /** One script's bytes (its text, or the base64 of a binary). */
  scriptBytes: 1024 * 1024,
  macrosBytes: 256 * 1024,
  /** A tool XML imported into the builder. */
  xmlBytes: 1024 * 1024,
  /** A conda package or environment file given to POST /api/parse-conda. */
  condaBytes: 100 * 1024 * 1024,
  /** The zip of POST /v1/users/publish_app, and the total of its unpacked members. */
  submissionBytes: 120 * 1024 * 1024,
  submissionUnpackedBytes: 300 * 1024 * 1024,
  submissionMembers: 500,
  versionsPerTool: 200,
  textChars: 10_000,
} as const;

/** Galaxy-style identifiers: tool ids and param names (Cheetah references them as `$name`). */
export const TOOL_ID_RE = /^[A-Za-z][A-Za-z0-9_.-]{0,99}$/;
export const PARAM_NAME_RE = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
export const TOOL_VERSION_RE = /^[A-Za-z0-9][A-Za-z0-9_.+-]{0,49}$/;
/** A script's file name: no folders, one of SCRIPT_EXTENSIONS. */
export const SCRIPT_NAME_RE = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}$/;

const text = (max: number = TOOL_BUILDER_LIMITS.textChars) => z.string().max(max).default('');

export const BuilderOption = z.object({ value: z.string().max(200), label: z.string().max(200) });
export type BuilderOption = z.infer<typeof BuilderOption>;
export const BuilderFileType = z.object({ format: z.string().max(50), label: z.string().max(100) });
export type BuilderFileType = z.infer<typeof BuilderFileType>;
export const BuilderValidator = z.object({
  min: z.number().finite().nullable().default(null),
  max: z.number().finite().nullable().default(null),
  step: z.number().finite().positive().nullable().default(null),
});
export type BuilderValidator = z.infer<typeof BuilderValidator>;

/**
 * What a param depends on. `value` null: the param needs `param` (a `dependency` names
 * its data input; a param needs another to be set). With a value: the param belongs to
 * the branch of the condition `param` where it has that value (Galaxy's `<when>`).
 */
export const BuilderDependsOn = z.object({ param: z.string().max(63), value: z.string().max(200).nullable() });
export type BuilderDependsOn = z.infer<typeof BuilderDependsOn>;

export const BuilderParam = z.object({
  type: z.enum(BUILDER_PARAM_TYPES, { error: 'invalidValue' }),
  name: z.string().max(63),
  label: text(200),
  help: text(2000),
  /** Numbers for float, integer, range; a boolean for boolean; text otherwise (null: none). */
  default: z
    .union([z.string().max(2000), z.number().finite(), z.boolean()])
    .nullable()
    .default(null),
  options: z.array(BuilderOption).max(TOOL_BUILDER_LIMITS.options).default([]),
  /** A data input's accepted formats (Galaxy datatypes: pdb, sdf, mol2, txt...). */
  fileTypes: z.array(BuilderFileType).max(50).default([]),
  /** An output's format (output_data, output_collection). */
  format: text(50),
  multiple: z.boolean().default(false),
  required: z.boolean().default(true),
  validator: BuilderValidator.default({ min: null, max: null, step: null }),
  dependsOn: BuilderDependsOn.nullable().default(null),
});
export type BuilderParam = z.infer<typeof BuilderParam>;

export const BuilderDependency = z.object({
  name: z.string().max(200),
  version: z.string().max(100).default(''),
  channel: z.string().max(100).default(''),
});
export type BuilderDependency = z.infer<typeof BuilderDependency>;

export const BuilderCommandBlock = z.object({
  id: z.string().max(40),
  content: z.string().max(TOOL_BUILDER_LIMITS.commandBlockChars),
});
export type BuilderCommandBlock = z.infer<typeof BuilderCommandBlock>;

/** A script beside the XML, referenced from the command as `$__tool_directory__/<name>`. */
export const BuilderScript = z.object({
  name: z.string().max(100),
  encoding: z.enum(['utf8', 'base64']).default('utf8'),
  content: z.string().max(Math.ceil((TOOL_BUILDER_LIMITS.scriptBytes * 4) / 3) + 4),
});
export type BuilderScript = z.infer<typeof BuilderScript>;

export const BuilderToolInfo = z.object({
  toolId: z.string().max(100),
  toolName: z.string().max(200),
  version: z.string().max(50).default('1.0.0'),
  description: text(500),
  helpText: text(),
  /** A macros file's text (xml: Galaxy `<macros>`; txt: `@TOKEN@ value` lines). */
  macros: z.string().max(TOOL_BUILDER_LIMITS.macrosBytes).default(''),
});
export type BuilderToolInfo = z.infer<typeof BuilderToolInfo>;

/**
 * The author's test run, kept as the tool's `<tests>`: the values it ran with, the files of
 * its data inputs and what each output held (the TOOL_DRAFT job whose files they are).
 */
export const BuilderTest = z.object({
  job_id: z.number().int().positive(),
});
export type BuilderTest = z.infer<typeof BuilderTest>;

/** The whole builder state; a version is a snapshot of it. */
export const BuilderDraft = z.object({
  info: BuilderToolInfo,
  dependencies: z.array(BuilderDependency).max(TOOL_BUILDER_LIMITS.dependencies).default([]),
  params: z.array(BuilderParam).max(TOOL_BUILDER_LIMITS.params).default([]),
  /** The values the preview form holds (a test run's values), keyed by param name. */
  values: z.record(z.string().max(63), z.unknown()).default({}),
  commandBlocks: z.array(BuilderCommandBlock).max(TOOL_BUILDER_LIMITS.commandBlocks).default([]),
  scripts: z.array(BuilderScript).max(TOOL_BUILDER_LIMITS.scripts).default([]),
  test: BuilderTest.nullable().default(null),
});
export type BuilderDraft = z.infer<typeof BuilderDraft>;
export type BuilderDraftInput = z.input<typeof BuilderDraft>;

/** One problem of a draft: where (a path such as `params.2.validator.min`) and what (a message key). */
export interface BuilderProblem {
  path: string;
  key: BuilderProblemKey;
  vars?: Record<string, string | number>;
}
export type BuilderProblemKey =
  | 'fieldRequired'
  | 'builderDependenciesNotMet'
  | 'builderInvalidNumber'
  | 'builderBelowMin'
  | 'builderAboveMax'
  | 'builderPackageNameRequired'
  | 'builderDependencyExists'
  | 'builderToolIdInvalid'
  | 'builderVersionInvalid'
  | 'builderParamNameInvalid'
  | 'builderParamNameTaken'
  | 'builderMinAboveMax'
  | 'builderOptionsRequired'
  | 'builderFileTypesRequired'
  | 'builderUnknownReference'
  | 'builderCommandRequired'
  | 'builderOutputRequired'
  | 'builderScriptExtension'
  | 'builderScriptDuplicate'
  | 'builderDependsOnUnknown';

/** Galaxy's own names a command may use besides the params (and Cheetah's directives). */
export const GALAXY_COMMAND_NAMES = new Set([
  '__tool_directory__',
  '__new_file_path__',
  '__tool_data_path__',
  '__root_dir__',
  '__datatypes_config__',
  '__user_id__',
  '__user_email__',
  '__app__',
  '__local_working_directory__',
  'GALAXY_SLOTS',
  'GALAXY_MEMORY_MB',
  'HOME',
  'TMPDIR',
  '_GALAXY_JOB_TMP_DIR',
]);

/**
 * The names a command refers to with `$name`, `${name}` or `$name.attr`: their first
 * segment. Cheetah's `#set $x = ...` and `#for $x in ...` define names, which count as known.
 * `$$` and `\$` are shell text, not references.
 */
export function commandReferences(command: string): { used: string[]; defined: string[] } {
  const used = new Set<string>();
  const defined = new Set<string>();
  for (const match of command.matchAll(/#(?:set|for)\s+\$?([A-Za-z_][A-Za-z0-9_]*)/g)) defined.add(match[1]!);
  for (const match of command.matchAll(/(?<![\\$])\$(?:\{|!)?([A-Za-z_][A-Za-z0-9_]*)/g)) used.add(match[1]!);
  return { used: [...used], defined: [...defined] };
}

/**
 * The Cheetah text that refers to a param: `$name`, `$condition.name` inside a condition's
 * branch, a condition's selector, or a docking box's six numbers.
 */
export function paramReference(params: readonly BuilderParam[], name: string): string {
  const param = params.find((p) => p.name === name);
  if (param?.type === 'condition') return `$${name}.${name}_selector`;
  // A docking box is six floats in a section (medx_galaxy/build.py): all six, in Vina's order.
  if (param?.type === '3d_viewer_docking_box')
    return ['center_x', 'center_y', 'center_z', 'size_x', 'size_y', 'size_z']
      .map((f) => `$${name}.${name}_${f}`)
      .join(' ');
  const parent = param?.dependsOn?.value != null ? param.dependsOn.param : null;
  return parent ? `$${parent}.${name}` : `$${name}`;
}

const extensionOf = (name: string) => (name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '');

/**
 * Every problem of a draft, with spec §5's texts where it gives them. The builder's form
 * shows them beside their fields; the server refuses a preview or a submission that has
 * any (one rule, both sides).
 */
export function builderProblems(draft: BuilderDraft): BuilderProblem[] {
  const problems: BuilderProblem[] = [];
  const add = (path: string, key: BuilderProblemKey, vars?: BuilderProblem['vars']) =>
    problems.push(vars ? { path, key, vars } : { path, key });
  const { info } = draft;
  if (!info.toolId.trim()) add('info.toolId', 'fieldRequired');
  else if (!TOOL_ID_RE.test(info.toolId)) add('info.toolId', 'builderToolIdInvalid');
  if (!info.toolName.trim()) add('info.toolName', 'fieldRequired');
  if (!info.version.trim()) add('info.version', 'fieldRequired');
  else if (!TOOL_VERSION_RE.test(info.version)) add('info.version', 'builderVersionInvalid');

  const seenDeps = new Set<string>();
  for (const [i, dep] of draft.dependencies.entries()) {
    if (!dep.name.trim()) {
      add(`dependencies.${i}.name`, 'builderPackageNameRequired');
      continue;
    }
    const key = `${dep.name.trim()}@${dep.version.trim()}`;
    if (seenDeps.has(key)) add(`dependencies.${i}.name`, 'builderDependencyExists');
    seenDeps.add(key);
  }

  const names = new Map<string, BuilderParam>();
  for (const [i, param] of draft.params.entries()) {
    const at = `params.${i}`;
    if (!param.name.trim()) add(`${at}.name`, 'fieldRequired');
    else if (!PARAM_NAME_RE.test(param.name)) add(`${at}.name`, 'builderParamNameInvalid');
    else if (names.has(param.name)) add(`${at}.name`, 'builderParamNameTaken');
    else names.set(param.name, param);
    const { min, max } = param.validator;
    if (min !== null && max !== null && min > max) add(`${at}.validator.min`, 'builderMinAboveMax', { min, max });
    if (param.type === 'range' && (min === null || max === null))
      add(`${at}.validator.${min === null ? 'min' : 'max'}`, 'fieldRequired');
    if (NUMERIC_PARAM_TYPES.includes(param.type) && param.default !== null && param.default !== '') {
      const value = typeof param.default === 'number' ? param.default : Number(param.default);
      if (typeof param.default === 'boolean' || !Number.isFinite(value)) add(`${at}.default`, 'builderInvalidNumber');
      else if (param.type === 'integer' && !Number.isInteger(value)) add(`${at}.default`, 'builderInvalidNumber');
      else if (min !== null && value < min) add(`${at}.default`, 'builderBelowMin', { min });
      else if (max !== null && value > max) add(`${at}.default`, 'builderAboveMax', { max });
    }
    if (OPTION_PARAM_TYPES.includes(param.type)) {
      if (param.options.length === 0) add(`${at}.options`, 'builderOptionsRequired');
      for (const [j, option] of param.options.entries())
        if (!option.value.trim()) add(`${at}.options.${j}.value`, 'fieldRequired');
    }
    if (param.type === 'data' && param.fileTypes.length === 0) add(`${at}.fileTypes`, 'builderFileTypesRequired');
    if (OUTPUT_PARAM_TYPES.includes(param.type) && !param.format.trim()) add(`${at}.format`, 'fieldRequired');
  }
  for (const [i, param] of draft.params.entries()) {
    const problem = dependsOnProblem(param, names);
    if (problem) add(`params.${i}.dependsOn`, problem.key, problem.vars);
  }
  if (!draft.params.some((p) => OUTPUT_PARAM_TYPES.includes(p.type))) add('params', 'builderOutputRequired');

  const command = draft.commandBlocks.map((b) => b.content).join('\n');
  if (!command.trim()) add('commandBlocks', 'builderCommandRequired');
  const { used, defined } = commandReferences(command);
  for (const name of used) {
    if (!names.has(name) && !defined.includes(name) && !GALAXY_COMMAND_NAMES.has(name))
      add('commandBlocks', 'builderUnknownReference', { name: `$${name}` });
  }

  const scriptNames = new Set<string>();
  for (const [i, script] of draft.scripts.entries()) {
    const ext = extensionOf(script.name);
    if (!SCRIPT_NAME_RE.test(script.name) || !(SCRIPT_EXTENSIONS as readonly string[]).includes(ext))
      add(`scripts.${i}.name`, 'builderScriptExtension', { formats: SCRIPT_EXTENSIONS.join(', ') });
    if (scriptNames.has(script.name)) add(`scripts.${i}.name`, 'builderScriptDuplicate', { name: script.name });
    scriptNames.add(script.name);
  }
  return problems;
}

function dependsOnProblem(
  param: BuilderParam,
  names: Map<string, BuilderParam>,
): { key: BuilderProblemKey; vars?: BuilderProblem['vars'] } | null {
  const dep = param.dependsOn;
  if (!dep) return param.type === 'dependency' ? { key: 'builderDependenciesNotMet' } : null;
  const target = names.get(dep.param);
  if (!target || dep.param === param.name) return { key: 'builderDependsOnUnknown', vars: { name: dep.param } };
  if (param.type === 'dependency') return target.type === 'data' ? null : { key: 'builderDependenciesNotMet' };
  if (dep.value === null) return null;
  // A condition branch: the target is a top-level condition with that option; outputs and
  // conditions stay at the top level (Galaxy's <outputs>, one level of <conditional>).
  const branchOk =
    target.type === 'condition' &&
    target.options.some((o) => o.value === dep.value) &&
    target.dependsOn?.value == null &&
    !OUTPUT_PARAM_TYPES.includes(param.type) &&
    param.type !== 'condition';
  return branchOk ? null : { key: 'builderDependenciesNotMet' };
}

/** An uploaded file's extension check (spec §5: 'Invalid file format. Supported formats: {formats}'). */
export function hasExtension(name: string, allowed: readonly string[]): boolean {
  return allowed.includes(extensionOf(name));
}

/** A version as listed: its id and time (the draft is loaded by id). */
export const BuilderVersionSummary = z.object({
  id: z.number().int(),
  tool_id: z.string(),
  version: z.string(),
  timestamp: z.string(),
  note: z.string(),
});
export type BuilderVersionSummary = z.infer<typeof BuilderVersionSummary>;

/** Spec §3 "versions (id, timestamp, params, values, dependencies, commandBlocks)" plus the rest of the draft. */
export const BuilderVersion = BuilderVersionSummary.extend({ draft: BuilderDraft });
export type BuilderVersion = z.infer<typeof BuilderVersion>;

/** POST /v1/tool-builder/versions: saves the draft as a new version of its toolId. */
export const SaveBuilderVersion = z.object({ draft: BuilderDraft, note: z.string().trim().max(200).default('') });
export type SaveBuilderVersion = z.infer<typeof SaveBuilderVersion>;

/** GET /v1/tool-builder/versions: the caller's versions, newest first (of one tool with tool_id). */
export const BuilderVersionQuery = z.object({
  tool_id: z.string().max(100).optional(),
  page: pageField,
  limit: limitField(20),
});
export const BuilderVersionList = z.object({ total: z.number().int(), items: z.array(BuilderVersionSummary) });
export type BuilderVersionList = z.infer<typeof BuilderVersionList>;

/** POST /v1/tool-builder/preview: the XML and the tool form users will see, or the draft's problems. */
export const BuilderPreviewRequest = z.object({ draft: BuilderDraft });
export const BuilderPreview = z.object({
  xml: z.string(),
  /** The XSD's complaints (xmllint), empty when valid. */
  schema_errors: z.array(z.string()),
  /** The tool as the catalogue would show it (ToolDetails of ./tools), or null when the XML does not load. */
  tool: z.unknown().nullable(),
  /** medx_galaxy's load error, if any. */
  load_error: z.string().nullable(),
});
export type BuilderPreview = z.infer<typeof BuilderPreview>;

/** POST /v1/tool-builder/import: a tool XML (and its macros) into a draft. */
export const BuilderImportRequest = z.object({
  xml: z.string().max(TOOL_BUILDER_LIMITS.xmlBytes),
  macros: z.string().max(TOOL_BUILDER_LIMITS.macrosBytes).default(''),
});
export const BuilderImport = z.object({
  draft: BuilderDraft,
  /** What the builder cannot express and left out (an importer never drops it silently). */
  warnings: z.array(z.string()),
});
export type BuilderImport = z.infer<typeof BuilderImport>;

/** POST /api/parse-conda (spec §7): multipart `file`; the packages it names. */
export const CondaDependencies = z.object({
  dependencies: z.array(z.object({ name: z.string(), version: z.string(), channel: z.string().default('') })),
});
export type CondaDependencies = z.infer<typeof CondaDependencies>;

/**
 * POST /v1/tool-builder/test-runs: runs the draft as it stands on the caller's project files
 * (a TOOL_DRAFT job, confined like every user-made tool). values: the preview form's flat
 * Galaxy keys, as POST /v1/jobs/tool takes them.
 */
export const TOOL_DRAFT_JOB_TYPE = 'TOOL_DRAFT';
export const BuilderTestRunRequest = z.object({
  project_id: idParam,
  draft: BuilderDraft,
  tool_inputs: z.record(z.string().max(300), z.unknown()),
});
export type BuilderTestRunRequest = z.infer<typeof BuilderTestRunRequest>;

export const ToolDraftJobParams = z.object({
  tool_id: z.string(),
  tool_version: z.string(),
  /** The values tree (as a TOOL job's), data inputs as project file ids. */
  values: z.record(z.string(), z.unknown()),
  /** The draft run, kept so a submission can build its <tests> from this run. */
  draft: BuilderDraft,
});
export type ToolDraftJobParams = z.infer<typeof ToolDraftJobParams>;

export const ToolDraftOutput = z.object({
  name: z.string(),
  label: z.string(),
  file_id: z.number().int(),
  ext: z.string(),
});
export const TOOL_DRAFT_JOBS = {
  [TOOL_DRAFT_JOB_TYPE]: { params: ToolDraftJobParams, result: z.array(ToolDraftOutput) },
};

/** Review states of a submitted tool version. */
export const SUBMISSION_STATUSES = ['SUBMITTED', 'PUBLISHED', 'REJECTED'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
export const SUBMISSION_TEST_STATUSES = ['NOT_RUN', 'RUNNING', 'PASSED', 'FAILED'] as const;

/** POST /v1/users/publish_app (spec §7): multipart `file` = `<user id>.zip` plus these fields. */
export const PublishAppFields = z.object({
  tool_id: z.string().max(100),
  tool_name: z.string().max(200),
  version: z.string().max(50).default(''),
});
export const ToolSubmission = z.object({
  id: z.number().int(),
  tool_id: z.string(),
  tool_name: z.string(),
  version: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  test_status: z.enum(SUBMISSION_TEST_STATUSES),
  test_report: z.string(),
  category: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
  user: z.object({ id: z.number().int(), username: z.string(), email: z.string().nullable() }),
});
export type ToolSubmission = z.infer<typeof ToolSubmission>;

/** GET /v1/tool-builder/submissions: the caller's own submissions (their review state). */
export const ToolSubmissionList = z.object({ total: z.number().int(), items: z.array(ToolSubmission) });
export type ToolSubmissionList = z.infer<typeof ToolSubmissionList>;

/** GET /v1/admin/tool-submissions (admins): the review queue. */
export const AdminSubmissionQuery = z.object({
  status: z.enum([...SUBMISSION_STATUSES, 'ALL'], { error: 'invalidValue' }).default('SUBMITTED'),
  page: pageField,
  limit: limitField(10),
});
export type AdminSubmissionQuery = z.output<typeof AdminSubmissionQuery>;

/** GET /v1/admin/tool-submissions/{id}: what the admin reads: the XML and every file of the bundle. */
export const ToolSubmissionDetail = ToolSubmission.extend({
  xml: z.string(),
  files: z.array(z.object({ path: z.string(), size: z.number().int(), text: z.string().nullable() })),
});
export type ToolSubmissionDetail = z.infer<typeof ToolSubmissionDetail>;

/** POST /v1/admin/tool-submissions/{id}/publish: into a catalogue category (an existing one or a new name). */
export const PublishSubmission = z.object({ category: trimmedRequired().max(100) });
/** POST /v1/admin/tool-submissions/{id}/reject: the reason the author reads in News. */
export const RejectSubmission = z.object({ reason: trimmedRequired().max(2000) });

/** One changed field between two versions (a path into the draft, the old and new JSON). */
export interface DraftChange {
  path: string;
  before: unknown;
  after: unknown;
}

/** The fields that differ between two drafts, path by path (arrays index by index; params by name). */
export function diffDrafts(before: unknown, after: unknown, path = ''): DraftChange[] {
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (path === 'params' && Array.isArray(before) && Array.isArray(after)) {
    const byName = (list: unknown[]) =>
      new Map(list.map((p, i) => [isObject(p) && typeof p.name === 'string' ? p.name : `#${i}`, p]));
    const a = byName(before);
    const b = byName(after);
    const names = [...new Set([...a.keys(), ...b.keys()])];
    return names.flatMap((name) => diffDrafts(a.get(name), b.get(name), `params.${name}`));
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length);
    return Array.from({ length }, (_, i) => diffDrafts(before[i], after[i], `${path}.${i}`)).flat();
  }
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => diffDrafts(before[key], after[key], path ? `${path}.${key}` : key));
  }
  return [{ path, before: before ?? null, after: after ?? null }];
}
