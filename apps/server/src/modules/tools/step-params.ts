/**
 * Galaxy params for the step tools features define in TypeScript (their jobs offered as
 * workflow steps): the same shapes the catalogue's XML tools have, written briefly.
 */
import type { GalaxyBooleanParam, GalaxyDataParam, GalaxyNumberParam, GalaxySelectParam } from './galaxy-model';

const base = { help: null, optional: false, argument: null, viewer: null };

export const dataParam = (
  name: string,
  label: string,
  format: readonly string[],
  options: { multiple?: boolean; help?: string; optional?: boolean } = {},
): GalaxyDataParam => ({
  ...base,
  type: 'data',
  name,
  label,
  format: [...format],
  multiple: options.multiple ?? false,
  min: null,
  max: null,
  help: options.help ?? null,
  optional: options.optional ?? false,
});

export const numberParam = (
  name: string,
  label: string,
  value: number,
  options: { integer?: boolean; min?: number; max?: number; help?: string } = {},
): GalaxyNumberParam => ({
  ...base,
  type: options.integer ? 'integer' : 'float',
  name,
  label,
  value,
  min: options.min ?? null,
  max: options.max ?? null,
  help: options.help ?? null,
});

export const booleanParam = (name: string, label: string, checked: boolean, help?: string): GalaxyBooleanParam => ({
  ...base,
  type: 'boolean',
  name,
  label,
  checked,
  truevalue: 'true',
  falsevalue: 'false',
  help: help ?? null,
});

export const selectParam = (
  name: string,
  label: string,
  options: readonly [value: string, label: string][],
  selected: string,
): GalaxySelectParam => ({
  ...base,
  type: 'select',
  name,
  label,
  options: options.map(([value, text]) => ({ value, label: text, selected: value === selected })),
  multiple: false,
  display: null,
  dynamic: false,
});

/** The file ids a data input's value holds (values as tools/tool-form.ts builds them). */
export const fileIdsOf = (value: unknown): number[] =>
  Array.isArray(value) ? value.map((ref) => (ref as { file_id: number }).file_id) : [];
