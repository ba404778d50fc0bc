import {
  BUILDER_PARAM_TYPES,
  type BuilderParam,
  type BuilderParamType,
  NUMERIC_PARAM_TYPES,
  OPTION_PARAM_TYPES,
  OUTPUT_PARAM_TYPES,
} from '@medx/contract';

/** The type picker's groups (every one of spec §3's 18 types, once). */
export const PARAM_TYPE_GROUPS: readonly { key: string; types: readonly BuilderParamType[] }[] = [
  { key: 'inputs', types: ['data', 'dependency'] },
  { key: 'values', types: ['text', 'integer', 'float', 'range', 'boolean', 'select', 'condition'] },
  { key: 'pickers', types: ['date', 'time', 'color'] },
  { key: 'viewer', types: ['3d_viewer_box', '3d_viewer_residue', '3d_viewer_atom', '3d_viewer_docking_box'] },
  { key: 'outputs', types: ['output_data', 'output_collection'] },
];

/** What each part of the editor applies to. */
export const isNumeric = (type: BuilderParamType) => NUMERIC_PARAM_TYPES.includes(type);
export const hasOptions = (type: BuilderParamType) => OPTION_PARAM_TYPES.includes(type);
export const isOutput = (type: BuilderParamType) => OUTPUT_PARAM_TYPES.includes(type);
/** Types whose default is edited (data inputs and outputs have none). */
export const hasDefault = (type: BuilderParamType) => type !== 'data' && !isOutput(type);
/** Types that may take several values. */
export const canBeMultiple = (type: BuilderParamType) => type === 'data' || type === 'select';

/** Galaxy datatypes offered for data inputs and outputs (any other name may be typed). */
export const GALAXY_FORMATS = [
  'pdb',
  'pdbqt',
  'mol2',
  'sdf',
  'mol',
  'smi',
  'cif',
  'xyz',
  'gro',
  'fasta',
  'txt',
  'tabular',
  'csv',
  'json',
  'html',
  'png',
  'zip',
  'data',
] as const;

/** The params a condition branch or a dependency can point at. */
export function dependsOnTargets(params: readonly BuilderParam[], self: BuilderParam): BuilderParam[] {
  if (self.type === 'dependency') return params.filter((p) => p.type === 'data' && p.name !== self.name);
  return params.filter((p) => p.name && p.name !== self.name && !isOutput(p.type));
}

export { BUILDER_PARAM_TYPES };
