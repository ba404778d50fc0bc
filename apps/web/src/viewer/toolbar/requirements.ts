import { EXPAND_DEFAULT_A, EXPAND_MAX_A, EXPAND_MIN_A, RMSD_DECIMALS } from './constants';

/**
 * The spec's toolbar requirements (viewer spec §5) and message values (§8) as pure checks.
 * Each check answers the message key (namespace `toolbar`, under `messages.`) to show, or null
 * when the action may go ahead.
 */

export type MeasureKind = 'distance' | 'angle' | 'dihedral';

export const MEASURE_ITEMS: Record<MeasureKind, number> = { distance: 2, angle: 3, dihedral: 4 };

const MEASURE_REQUIREMENT: Record<MeasureKind, string> = {
  distance: 'selectTwo',
  angle: 'selectThree',
  dihedral: 'selectFour',
};

/** Distance needs two selected items, angle three, dihedral four. */
export function measureRequirement(kind: MeasureKind, selectedItems: number): string | null {
  return selectedItems >= MEASURE_ITEMS[kind] ? null : MEASURE_REQUIREMENT[kind];
}

/** Add component: at least one selected item, and one visible structure holding it. */
export function addComponentRequirement(
  selectedElements: number,
  visibleStructuresWithSelection: number,
): string | null {
  if (selectedElements < 1) return 'selectAtLeastOne';
  if (visibleStructuresWithSelection < 1) return 'noVisibleStructures';
  return null;
}

export type AlignKind = 'chains' | 'atoms';

/** Align: at least two chain (or atom) items, from at least two different visible structure files. */
export function alignRequirement(kind: AlignKind, items: number, distinctVisibleFiles: number): string | null {
  if (items < 2) return kind === 'chains' ? 'alignChains' : 'alignAtoms';
  if (distinctVisibleFiles < 2) return 'alignFiles';
  return null;
}

/** The RMSD as the success message shows it (2 decimals). */
export function formatRmsd(rmsd: number): string {
  return rmsd.toFixed(RMSD_DECIMALS);
}

/** The RMSD of an alignment of several structures: the mean of the pairs against the first. */
export function meanRmsd(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  return values.reduce((sum, x) => sum + x, 0) / values.length;
}

/** The expand distance in Å, kept within 1 to 20 (the default 5 for anything not a number). */
export function clampExpandDistance(value: number | null | undefined): number {
  if (value === null || value === undefined || !Number.isFinite(value)) return EXPAND_DEFAULT_A;
  return Math.min(EXPAND_MAX_A, Math.max(EXPAND_MIN_A, value));
}

/** Transparency slider percent (0 to 100) to Mol*'s transparency value (0 to 1). */
export function transparencyValue(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.min(100, Math.max(0, percent)) / 100;
}
