import { z } from 'zod';
import { idParam, requiredString } from './fields';

/**
 * Tools (spec §3 Tool, §7 Tools calls): Galaxy tool XML wrappers run as MedX jobs. The
 * server reads each tool's XML (apps/server/python/medx_galaxy) and answers these shapes;
 * docs/decisions.md "Tools" records the paths and fields the spec leaves out.
 */

/** The 3D-viewer kinds a param can take its value from (the `medx_viewer` extension attribute). */
export const ViewerKind = z.enum(['box', 'docking_box', 'residue', 'residue_active', 'atom']);
export type ViewerKind = z.infer<typeof ViewerKind>;

/** One entry of GET /v1/tools/panel: enough for the Tools dialog and the Tool guide's cards. */
export const ToolPanelItem = z.object({
  id: z.string(),
  name: z.string(),
  version: z.string(),
  description: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  /** Every requirement resolves to a program of this server; otherwise `unavailable_reason` says which does not. */
  available: z.boolean(),
  unavailable_reason: z.string().nullable(),
  /** The caller's tools policy allows it (spec §6 Tool access). */
  allowed: z.boolean(),
});
export type ToolPanelItem = z.infer<typeof ToolPanelItem>;
export const ToolPanel = z.array(ToolPanelItem);
export type ToolPanel = z.infer<typeof ToolPanel>;

const ParamBase = z.object({
  name: z.string(),
  label: z.string(),
  help: z.string().nullable(),
  optional: z.boolean(),
  /** The 3D-viewer kind (spec §3 param field), when the value can come from Med View's selection. */
  viewer: ViewerKind.nullable(),
});

export const SelectOption = z.object({ value: z.string(), label: z.string() });
export type SelectOption = z.infer<typeof SelectOption>;

/** A data input (spec §3 data[]): formats accepted, several files in one job when `multiple`. */
export const ToolDataParam = ParamBase.extend({
  type: z.literal('data'),
  format: z.array(z.string()),
  multiple: z.boolean(),
  /** Workflow connections (spec §3): never set for a single tool. */
  is_connection: z.boolean(),
  connection: z.object({ id: z.string(), output_name: z.string() }).nullable(),
});
export type ToolDataParam = z.infer<typeof ToolDataParam>;

export const ToolTextParam = ParamBase.extend({ type: z.literal('text'), default: z.string(), area: z.boolean() });
export const ToolNumberParam = ParamBase.extend({
  type: z.enum(['integer', 'float']),
  default: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
});
export const ToolBooleanParam = ParamBase.extend({ type: z.literal('boolean'), default: z.boolean() });
export const ToolSelectParam = ParamBase.extend({
  type: z.literal('select'),
  options: z.array(SelectOption),
  multiple: z.boolean(),
  /** The selected value(s): the option marked selected, else the first (Galaxy's rule); [] for multiple with none. */
  default: z.union([z.string(), z.array(z.string())]).nullable(),
});
export const ToolHiddenParam = ParamBase.extend({ type: z.literal('hidden'), default: z.string() });
/** A colour (Galaxy's type="color"): `#rrggbb`, Galaxy's default #000000. */
export const ToolColorParam = ParamBase.extend({ type: z.literal('color'), default: z.string() });
/**
 * A column of a tabular data input (Galaxy's type="data_column"): `data_ref` names that input (a
 * data param of the same tool); values are 1-based column numbers as strings, a list when
 * `multiple`. `default`: the tool's value, [] or null for none.
 */
export const ToolDataColumnParam = ParamBase.extend({
  type: z.literal('data_column'),
  data_ref: z.string(),
  multiple: z.boolean(),
  default: z.union([z.string(), z.array(z.string())]).nullable(),
});
export type ToolTextParam = z.infer<typeof ToolTextParam>;
export type ToolNumberParam = z.infer<typeof ToolNumberParam>;
export type ToolBooleanParam = z.infer<typeof ToolBooleanParam>;
export type ToolSelectParam = z.infer<typeof ToolSelectParam>;
export type ToolHiddenParam = z.infer<typeof ToolHiddenParam>;
export type ToolColorParam = z.infer<typeof ToolColorParam>;
export type ToolDataColumnParam = z.infer<typeof ToolDataColumnParam>;

export type ToolConditionalParam = z.infer<typeof ParamBase> & {
  type: 'conditional';
  /** The select or boolean that chooses the branch. */
  test: ToolSelectParam | ToolBooleanParam;
  /** Params of each branch, keyed by the test's value (spec §3 "when"); booleans key 'true'/'false'. */
  when: Record<string, ToolParam[]>;
};
export type ToolRepeatParam = z.infer<typeof ParamBase> & {
  type: 'repeat';
  title: string;
  min: number;
  max: number | null;
  params: ToolParam[];
};
export type ToolSectionParam = z.infer<typeof ParamBase> & {
  type: 'section';
  title: string;
  expanded: boolean;
  params: ToolParam[];
};
export type ToolParam =
  | ToolDataParam
  | z.infer<typeof ToolTextParam>
  | z.infer<typeof ToolNumberParam>
  | z.infer<typeof ToolBooleanParam>
  | z.infer<typeof ToolSelectParam>
  | z.infer<typeof ToolHiddenParam>
  | ToolColorParam
  | ToolDataColumnParam
  | ToolConditionalParam
  | ToolRepeatParam
  | ToolSectionParam;

export const ToolParam: z.ZodType<ToolParam> = z.lazy(() =>
  z.union([
    ToolDataParam,
    ToolTextParam,
    ToolNumberParam,
    ToolBooleanParam,
    ToolSelectParam,
    ToolHiddenParam,
    ToolColorParam,
    ToolDataColumnParam,
    ParamBase.extend({
      type: z.literal('conditional'),
      test: z.union([ToolSelectParam, ToolBooleanParam]),
      when: z.record(z.string(), z.array(ToolParam)),
    }),
    ParamBase.extend({
      type: z.literal('repeat'),
      title: z.string(),
      min: z.number().int(),
      max: z.number().int().nullable(),
      params: z.array(ToolParam),
    }),
    ParamBase.extend({
      type: z.literal('section'),
      title: z.string(),
      expanded: z.boolean(),
      params: z.array(ToolParam),
    }),
  ]),
);

export const ToolOutput = z.object({ name: z.string(), format: z.string().nullable(), label: z.string().nullable() });

/** POST /v1/tools/details (spec §3 Tool): the tool's form. */
export const ToolDetails = ToolPanelItem.extend({
  description_help: z.string().nullable(),
  /** The top-level data inputs in order: one wizard step each (spec §4 Tool wizard). */
  data: z.array(ToolDataParam),
  /** Every top-level input in the XML's order (data inputs included), for the settings step. */
  inputs: z.array(ToolParam),
  outputs: z.array(ToolOutput),
  /** Programs the tool needs, as its XML names them. */
  requirements: z.array(z.object({ name: z.string(), version: z.string().nullable() })),
});
export type ToolDetails = z.infer<typeof ToolDetails>;

export const ToolIdRequest = z.object({ tool_id: requiredString('fieldRequired') });
export type ToolIdRequest = z.infer<typeof ToolIdRequest>;

/** The tutorial (spec §7 "tool tutorial by tool id"): description_help, else description, else the help as HTML. */
export const ToolTutorial = z.object({
  tool_id: z.string(),
  /** 'html' when rendered from the tool's RST help, 'text' for description_help or description. */
  kind: z.enum(['text', 'html']),
  content: z.string(),
});
export type ToolTutorial = z.infer<typeof ToolTutorial>;

/** Import of project files to job space (spec §7): a job-space item per file. */
export const JobSpaceImportRequest = z.object({
  project_id: idParam,
  file_ids: z.array(idParam).min(1, { error: 'fieldRequired' }).max(1000),
});
export const JobSpaceItem = z.object({
  galaxy_file_id: z.string(),
  file_id: z.number().int(),
  name: z.string(),
  ext: z.string(),
});
export type JobSpaceItem = z.infer<typeof JobSpaceItem>;
export const JobSpaceImport = z.object({ items: z.array(JobSpaceItem) });
export type JobSpaceImport = z.infer<typeof JobSpaceImport>;

/** A data input's value in POST /v1/jobs/tool (spec §7): Galaxy's {batch, values: [{id, src: 'hda'}]}. */
export const ToolDataValue = z.object({
  batch: z.literal(false).default(false),
  values: z.array(z.object({ id: z.string().min(1).max(64), src: z.literal('hda') })).max(1000),
});
export type ToolDataValue = z.infer<typeof ToolDataValue>;

/**
 * POST /v1/jobs/tool. tool_inputs keys are Galaxy's flat names: `param`, `cond|param`,
 * `section|param`, `repeat_0|param` (docs/decisions.md "Tools").
 */
export const ToolJobRequest = z.object({
  project_id: idParam,
  tool_id: requiredString('fieldRequired'),
  tool_inputs: z.record(
    z.string().max(300),
    z.union([ToolDataValue, z.string().max(10_000), z.number(), z.boolean(), z.array(z.string().max(1000)), z.null()]),
  ),
  job_name: z.string().trim().max(100).optional(),
});
export type ToolJobRequest = z.infer<typeof ToolJobRequest>;
export const ToolJobSubmitted = z.object({ job_id: z.number().int() });
export type ToolJobSubmitted = z.infer<typeof ToolJobSubmitted>;

export const TOOL_JOB_TYPE = 'TOOL';

/**
 * The params a TOOL job carries: the tool (id and version as run) and its values as a tree
 * (docs/decisions.md "Tools"), data inputs as project file ids.
 */
export const ToolJobParams = z.object({
  tool_id: z.string(),
  tool_version: z.string(),
  values: z.record(z.string(), z.unknown()),
});
export type ToolJobParams = z.infer<typeof ToolJobParams>;

/** A TOOL job's result rows: one per output file. */
export const ToolOutputFile = z.object({
  name: z.string(),
  label: z.string(),
  file_id: z.number().int(),
  ext: z.string(),
});
export type ToolOutputFile = z.infer<typeof ToolOutputFile>;

export const TOOL_JOBS = {
  [TOOL_JOB_TYPE]: { params: ToolJobParams, result: z.array(ToolOutputFile) },
};

/** PUT /v1/tools/policy (admins): a user's tools policy; null restores the default of the user's type. */
export const ToolsPolicyUpdate = z.object({
  user_id: idParam,
  tools: z.union([z.literal('MENUS'), z.boolean(), z.array(z.string().max(200)).max(1000), z.null()]),
});
export type ToolsPolicyUpdate = z.infer<typeof ToolsPolicyUpdate>;
