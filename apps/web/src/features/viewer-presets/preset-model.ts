/**
 * Custom representation presets kept locally (viewer spec §3, §5, §9): what one holds, how the
 * list is read back from local storage (a corrupt value never breaks the viewer: invalid entries
 * are dropped) and the name rule. Pure: no Mol*, no storage.
 */

/** The local-storage key of the custom presets (spec §9). */
export const PRESETS_STORAGE_KEY = 'medx-custom-presets';

/** A Mol* `{ name, params }` pair (a representation type, colour or size theme). */
export interface NamedParams {
  name: string;
  params: Record<string, unknown>;
}

/** One transparency layer of a representation: Mol*'s bundle (the loci) and its value 0..1. */
export interface TransparencyLayer {
  bundle: Record<string, unknown>;
  value: number;
}

/**
 * One representation of one component (spec §3 "Preset data item"). `componentType` is the
 * component's key (Mol*'s tags, e.g. `structure-component-static-polymer`), `selector` the
 * component's own parameters (static kind, expression or bundle, with its label), `count` how
 * many of the captured structures held this same item.
 */
export interface PresetDataItem {
  componentType: string;
  type: string;
  typeParams: Record<string, unknown>;
  colorTheme: NamedParams;
  sizeTheme: NamedParams;
  alpha: number;
  transparencyLayers: TransparencyLayer[];
  selector: Record<string, unknown>;
  count: number;
}

/** Mol*'s camera snapshot, kept as it came (position, target, up, radius, fov, ...). */
export type CameraSnapshot = Record<string, unknown>;

export interface PresetState {
  presetData: PresetDataItem[];
  camera: CameraSnapshot | null;
}

export interface CustomPreset {
  id: string;
  name: string;
  state: PresetState;
}

/** A preset name is required: the trimmed name, or null when blank ('Please provide a preset name'). */
export function presetName(raw: string): string | null {
  const name = raw.trim();
  return name.length > 0 ? name : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNamedParams(value: unknown): value is NamedParams {
  return isRecord(value) && typeof value.name === 'string' && value.name.length > 0 && isRecord(value.params);
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function isLayer(value: unknown): value is TransparencyLayer {
  return (
    isRecord(value) && isRecord(value.bundle) && isFiniteNumber(value.value) && value.value >= 0 && value.value <= 1
  );
}

function isVec3(value: unknown): boolean {
  return Array.isArray(value) && value.length === 3 && value.every(isFiniteNumber);
}

/** A representation item as stored, or null when any field is missing or of the wrong kind. */
export function readItem(value: unknown): PresetDataItem | null {
  if (!isRecord(value)) return null;
  const { componentType, type, typeParams, colorTheme, sizeTheme, alpha, transparencyLayers, selector, count } = value;
  if (typeof componentType !== 'string' || typeof type !== 'string' || type.length === 0) return null;
  if (!isRecord(typeParams) || !isNamedParams(colorTheme) || !isNamedParams(sizeTheme) || !isRecord(selector))
    return null;
  if (!isFiniteNumber(alpha) || alpha < 0 || alpha > 1) return null;
  if (!Array.isArray(transparencyLayers) || !transparencyLayers.every(isLayer)) return null;
  if (!Number.isInteger(count) || (count as number) < 1) return null;
  return {
    componentType,
    type,
    typeParams,
    colorTheme,
    sizeTheme,
    alpha,
    transparencyLayers,
    selector,
    count: count as number,
  };
}

/** A camera snapshot needs its position, target and up vectors; anything else is no camera. */
export function readCamera(value: unknown): CameraSnapshot | null {
  if (!isRecord(value)) return null;
  return isVec3(value.position) && isVec3(value.target) && isVec3(value.up) ? value : null;
}

/** One stored preset, or null when it is not a preset (items that are not valid make it invalid). */
export function readPreset(value: unknown): CustomPreset | null {
  if (!isRecord(value) || typeof value.id !== 'string' || value.id.length === 0) return null;
  if (typeof value.name !== 'string' || presetName(value.name) === null) return null;
  const state = value.state;
  if (!isRecord(state) || !Array.isArray(state.presetData)) return null;
  const items = state.presetData.map(readItem);
  if (items.length === 0 || items.some((item) => item === null)) return null;
  return {
    id: value.id,
    name: value.name,
    state: { presetData: items as PresetDataItem[], camera: readCamera(state.camera) },
  };
}

/**
 * The presets in a stored value: JSON that is not an array gives none; entries that are not
 * presets, or repeat an earlier id, are dropped.
 */
export function parsePresets(raw: string | null): CustomPreset[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const presets: CustomPreset[] = [];
  for (const entry of value) {
    const preset = readPreset(entry);
    if (!preset || seen.has(preset.id)) continue;
    seen.add(preset.id);
    presets.push(preset);
  }
  return presets;
}

export function serializePresets(presets: readonly CustomPreset[]): string {
  return JSON.stringify(presets);
}

/** Identity of an item apart from its count: equal items of several structures are kept once. */
function itemIdentity(item: PresetDataItem): string {
  const { count: _count, ...rest } = item;
  return JSON.stringify(rest);
}

/** Merges equal items (same component, representation and themes), counting the structures that had them. */
export function mergeItems(items: readonly Omit<PresetDataItem, 'count'>[]): PresetDataItem[] {
  const merged = new Map<string, PresetDataItem>();
  for (const item of items) {
    const full = { ...item, count: 1 };
    const key = itemIdentity(full);
    const existing = merged.get(key);
    if (existing) existing.count += 1;
    else merged.set(key, full);
  }
  return [...merged.values()];
}

/**
 * The components a preset builds on a structure: its items grouped by component (type and
 * selector), each component with its representations in the stored order.
 */
export function groupByComponent(
  items: readonly PresetDataItem[],
): { componentType: string; selector: Record<string, unknown>; items: PresetDataItem[] }[] {
  const groups = new Map<
    string,
    { componentType: string; selector: Record<string, unknown>; items: PresetDataItem[] }
  >();
  for (const item of items) {
    const key = `${item.componentType}\u0000${JSON.stringify(item.selector)}`;
    let group = groups.get(key);
    if (!group) {
      group = { componentType: item.componentType, selector: item.selector, items: [] };
      groups.set(key, group);
    }
    group.items.push(item);
  }
  return [...groups.values()];
}

/** Adds a preset (a new one with the same name replaces the old one, keeping its place). */
export function withPreset(presets: readonly CustomPreset[], preset: CustomPreset): CustomPreset[] {
  const index = presets.findIndex((p) => p.name === preset.name);
  if (index < 0) return [...presets, preset];
  return presets.map((p, i) => (i === index ? preset : p));
}

export function withoutPreset(presets: readonly CustomPreset[], id: string): CustomPreset[] {
  return presets.filter((p) => p.id !== id);
}
