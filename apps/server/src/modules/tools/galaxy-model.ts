/**
 * The Galaxy tool model as apps/server/python/medx_galaxy's `load` answers it (one JSON
 * shape shared by Python and TypeScript: docs/decisions.md "Tools"). Python reads the XML
 * (macros, tokens, tool_conf sections); TypeScript only reads this model.
 */
export interface GalaxyParamBase {
  name: string;
  type: string;
  label: string | null;
  help: string | null;
  optional: boolean;
  argument: string | null;
  viewer: string | null;
  unsupported?: boolean;
}

export interface GalaxyDataParam extends GalaxyParamBase {
  type: 'data';
  format: string[];
  multiple: boolean;
  min: number | null;
  max: number | null;
}
export interface GalaxyTextParam extends GalaxyParamBase {
  type: 'text';
  value: string;
  area: boolean;
}
export interface GalaxyNumberParam extends GalaxyParamBase {
  type: 'integer' | 'float';
  value: number | null;
  min: number | null;
  max: number | null;
}
export interface GalaxyBooleanParam extends GalaxyParamBase {
  type: 'boolean';
  checked: boolean;
  truevalue: string;
  falsevalue: string;
}
export interface GalaxySelectParam extends GalaxyParamBase {
  type: 'select';
  options: { value: string; label: string; selected: boolean }[];
  multiple: boolean;
  display: string | null;
  dynamic: boolean;
}
export interface GalaxyHiddenParam extends GalaxyParamBase {
  type: 'hidden';
  value: string;
}
/** Galaxy's colour param: `#rrggbb` (lower case at load; default #000000); rgb renders "(r, g, b)". */
export interface GalaxyColorParam extends GalaxyParamBase {
  type: 'color';
  value: string;
  rgb: boolean;
}
/**
 * Galaxy's column chooser of the tabular input named by `data_ref` (checked at load): 1-based
 * column numbers as strings, a list when multiple; `value` is the default (null: none).
 */
export interface GalaxyDataColumnParam extends GalaxyParamBase {
  type: 'data_column';
  data_ref: string;
  multiple: boolean;
  value: string | string[] | null;
}
export interface GalaxyConditional extends GalaxyParamBase {
  type: 'conditional';
  test_param: GalaxySelectParam | GalaxyBooleanParam;
  cases: { value: string; inputs: GalaxyParam[] }[];
}
export interface GalaxyRepeat extends GalaxyParamBase {
  type: 'repeat';
  title: string;
  min: number;
  max: number | null;
  default: number;
  inputs: GalaxyParam[];
}
export interface GalaxySection extends GalaxyParamBase {
  type: 'section';
  title: string;
  expanded: boolean;
  inputs: GalaxyParam[];
}
export type GalaxyParam =
  | GalaxyDataParam
  | GalaxyTextParam
  | GalaxyNumberParam
  | GalaxyBooleanParam
  | GalaxySelectParam
  | GalaxyHiddenParam
  | GalaxyColorParam
  | GalaxyDataColumnParam
  | GalaxyConditional
  | GalaxyRepeat
  | GalaxySection;
/* A param of a type MedX does not support arrives with its own `type` and `unsupported: true`:
   unsupportedParam() finds it before any switch on `type` sees it. */

export interface GalaxyOutput {
  name: string;
  format: string | null;
  format_source: string | null;
  from_work_dir: string | null;
  label: string | null;
  hidden: boolean;
  filters: string[];
  collection: boolean;
}

export interface GalaxyAssertion {
  tag: string;
  attributes: Record<string, string>;
  children: GalaxyAssertion[];
}

export interface GalaxyTestOutput {
  name: string;
  file: string | null;
  compare: string;
  ftype: string | null;
  asserts: GalaxyAssertion[];
  [more: string]: unknown;
}

export interface GalaxyTest {
  /** Values; a data param's value is [{file, ftype}] naming files of test_data_dir. */
  params: Values;
  outputs: GalaxyTestOutput[];
  stdout: GalaxyAssertion[];
  stderr: GalaxyAssertion[];
  expect_failure: boolean;
  expect_exit_code: number | null;
  expect_num_outputs: number | null;
  test_data_dir: string;
}

export interface GalaxyTool {
  id: string;
  name: string;
  version: string;
  description: string;
  profile: string | null;
  file: string;
  tool_dir: string;
  category: string;
  tags: string[];
  help: string;
  requirements: { type: string; name: string; version: string | null }[];
  inputs: GalaxyParam[];
  outputs: GalaxyOutput[];
  tests: GalaxyTest[];
  [more: string]: unknown;
}

export interface GalaxyLoadError {
  file: string;
  line: number | null;
  message: string;
}

/** A staged data value: the file as the program sees it. */
export interface Dataset {
  path: string;
  ext: string;
  name: string;
  metadata: Record<string, unknown>;
}

/** A job's values, nested as the params are (see the model's "Values"). */
export type Values = { [name: string]: Value };
export type Value = string | number | boolean | null | string[] | Dataset[] | Values | Values[] | TestFile[];
export interface TestFile {
  file: string;
  ftype: string | null;
}

export interface CollectedOutput {
  name: string;
  path: string;
  ext: string;
  label: string;
  discovered: boolean;
}
