/**
 * The Sequence Viewer's rules (viewer spec §4 "Sequence mode", §5 messages, §9 constants), as pure
 * functions over plain options so they are unit-tested without Mol*. `sequence-source.ts` feeds
 * them with Mol*'s structures.
 */

/** Residue-level view only up to this many residues; longer sequences show as chains or elements. */
export const MAX_RESIDUE_VIEW_LENGTH = 5000;
/** More options than this in a selector and it shows one 'Too many …' entry instead. */
export const MAX_SELECT_OPTIONS = 1000;
/** In polymers / everything mode at most this many sequence rows. */
export const MAX_SEQUENCE_ROWS = 30;

export type SequenceMode = 'single' | 'polymers' | 'all';
export const SEQUENCE_MODES: readonly SequenceMode[] = ['single', 'polymers', 'all'];

/** One option of a selector: its value and label (Mol*'s `[value, label]` pairs). */
export type Option<V> = readonly [V, string];

/** The Sequence Viewer's choice: spec §3 "Sequence selection". */
export interface SequenceSelection {
  structureRef: string;
  /** `<model index>|<entity id>`. */
  modelEntityId: string;
  chainGroupId: number;
  operatorKey: string;
  mode: SequenceMode;
}

/** The options of each selector, given the choices above it. */
export interface OptionSource {
  structures(): Option<string>[];
  entities(structureRef: string, polymersOnly?: boolean): Option<string>[];
  chains(structureRef: string, modelEntityId: string): Option<number>[];
  operators(structureRef: string, modelEntityId: string, chainGroupId: number): Option<string>[];
}

const first = <V>(options: readonly Option<V>[], none: V): V => options[0]?.[0] ?? none;

/** The first entity, chain and operator of a structure. */
function firstBelowStructure(source: OptionSource, structureRef: string) {
  const modelEntityId = first(source.entities(structureRef), '');
  return { modelEntityId, ...firstBelowEntity(source, structureRef, modelEntityId) };
}

function firstBelowEntity(source: OptionSource, structureRef: string, modelEntityId: string) {
  const chainGroupId = first(source.chains(structureRef, modelEntityId), -1);
  return { chainGroupId, operatorKey: first(source.operators(structureRef, modelEntityId, chainGroupId), '') };
}

/** The first of everything (a new or changed set of structures). */
export function initialSelection(source: OptionSource, mode: SequenceMode = 'single'): SequenceSelection {
  const structureRef = first(source.structures(), '');
  return { structureRef, ...firstBelowStructure(source, structureRef), mode };
}

export type SelectionChange =
  | { name: 'mode'; value: SequenceMode }
  | { name: 'structure'; value: string }
  | { name: 'entity'; value: string }
  | { name: 'chain'; value: number }
  | { name: 'operator'; value: string };

/**
 * Spec §4: changing mode, structure, entity or chain resets the selections below it to their
 * first options. Switching to polymers or everything keeps them (those modes show all chains);
 * switching back to a single chain starts again from the structure's first entity.
 */
export function changeSelection(
  state: SequenceSelection,
  change: SelectionChange,
  source: OptionSource,
): SequenceSelection {
  switch (change.name) {
    case 'mode':
      if (change.value === state.mode) return state;
      if (change.value !== 'single') return { ...state, mode: change.value };
      return { ...state, mode: change.value, ...firstBelowStructure(source, state.structureRef) };
    case 'structure':
      return { ...state, structureRef: change.value, ...firstBelowStructure(source, change.value) };
    case 'entity':
      return { ...state, modelEntityId: change.value, ...firstBelowEntity(source, state.structureRef, change.value) };
    case 'chain':
      return {
        ...state,
        chainGroupId: change.value,
        operatorKey: first(source.operators(state.structureRef, state.modelEntityId, change.value), ''),
      };
    case 'operator':
      return { ...state, operatorKey: change.value };
  }
}

/**
 * The selection kept when the loaded structures change: the same choice while its structure is
 * still offered, else the first of everything.
 */
export function reconcileSelection(state: SequenceSelection | null, source: OptionSource): SequenceSelection {
  const structures = source.structures();
  if (state && structures.some(([ref]) => ref === state.structureRef && ref !== '')) return state;
  return initialSelection(source, state?.mode ?? 'single');
}

export interface RowKey {
  modelEntityId: string;
  chainGroupId: number;
  operatorKey: string;
  /** `<chain label> | <entity label>`, Mol*'s row label. */
  label: string;
}

/** Placeholder options ('No chains', 'Too many entities'...) carry an empty value. */
const isReal = <V>([value]: Option<V>) => value !== '' && value !== -1;

/**
 * The rows shown in polymers / everything mode: every entity (polymers only in 'polymers'), chain
 * and operator, at most `MAX_SEQUENCE_ROWS`. `truncated` says there were more.
 */
export function sequenceRows(
  source: OptionSource,
  structureRef: string,
  mode: Exclude<SequenceMode, 'single'>,
  max: number = MAX_SEQUENCE_ROWS,
): { rows: RowKey[]; truncated: boolean } {
  const rows: RowKey[] = [];
  for (const [modelEntityId, entityLabel] of source.entities(structureRef, mode === 'polymers').filter(isReal)) {
    for (const [chainGroupId, chainLabel] of source.chains(structureRef, modelEntityId).filter(isReal)) {
      for (const [operatorKey] of source.operators(structureRef, modelEntityId, chainGroupId).filter(isReal)) {
        if (rows.length >= max) return { rows, truncated: true };
        rows.push({ modelEntityId, chainGroupId, operatorKey, label: `${chainLabel} | ${entityLabel}` });
      }
    }
  }
  return { rows, truncated: false };
}

/**
 * Spec §9: sequence numbers every 10 residues; a short chain (10 or fewer) numbers every 5th when
 * its numbers have more than one digit, else every residue.
 */
export function sequenceNumberPeriod(length: number, lastNumber: string): number {
  if (length > 10) return 10;
  return lastNumber.length > 1 ? 5 : 1;
}

export type SequenceViewKind = 'residue' | 'chain' | 'element' | 'hetero';

/** What one row's units look like (Mol*'s units of one entity, chain and operator). */
export interface UnitsShape {
  /** The first unit has polymer elements. */
  polymer: boolean;
  /** The first unit is atomic (not coarse-grained). */
  atomic: boolean;
  /** The entity's sequence length, when the model has one. */
  entitySequenceLength: number | null;
  polymerElementCount: number;
  residueCount: number;
}

/**
 * Spec §9: a residue-level view up to 5000 residues; beyond that, whole chains (atomic models, or
 * too many polymer elements) or elements (coarse models). Non-polymers list their residues
 * (hetero view) up to the same limit.
 */
export function chooseSequenceView(shape: UnitsShape, max: number = MAX_RESIDUE_VIEW_LENGTH): SequenceViewKind {
  if (shape.polymer) {
    if (shape.entitySequenceLength !== null && shape.entitySequenceLength <= max) return 'residue';
    return shape.atomic || shape.polymerElementCount > max ? 'chain' : 'element';
  }
  if (shape.atomic) return shape.residueCount > max ? 'chain' : 'hetero';
  // Coarse units are polymeric; Mol* shows whole chains should one not be.
  return 'chain';
}

/** Spec §5's messages for placeholder options, by the English text Mol*'s option lists use. */
const MESSAGES: Record<string, string> = {
  'No sequence available': 'noSequence',
  'Too many entities': 'tooManyEntities',
  'Too many chains': 'tooManyChains',
  'Too many operators': 'tooManyOperators',
  'No entities': 'noEntities',
  'No chains': 'noChains',
  'No operators': 'noOperators',
  'No structure': 'noStructure',
};

/** The `sequence` namespace key of one of spec §5's messages, or null for an ordinary label. */
export function messageKey(label: string): string | null {
  return MESSAGES[label] ?? null;
}
