import {
  DOCKING_DEFAULTS,
  type DockingPocket,
  type DockingSettingsInput,
  isZeroPocket,
  round2,
  STANDARD_RESIDUE_NAMES,
  ZERO_POCKET,
} from '@medx/contract';

/** The wizard's steps in order (spec §4 Docking wizard). */
export const WIZARD_STEPS = ['protein', 'ligands', 'pocket', 'confirm'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export interface WizardState {
  step: number;
  proteinIds: number[];
  ligandIds: number[];
  pocket: DockingPocket;
}

export const INITIAL_WIZARD: WizardState = { step: 0, proteinIds: [], ligandIds: [], pocket: ZERO_POCKET };

/** Next needs a single protein, at least one ligand, a pocket other than the all-zero default. */
export function canGoNext(state: WizardState): boolean {
  switch (WIZARD_STEPS[state.step]) {
    case 'protein':
      return state.proteinIds.length === 1;
    case 'ligands':
      return state.ligandIds.length >= 1;
    case 'pocket':
      return !isZeroPocket(state.pocket);
    default:
      return false;
  }
}

export function next(state: WizardState): WizardState {
  return canGoNext(state) ? { ...state, step: Math.min(state.step + 1, WIZARD_STEPS.length - 1) } : state;
}

/**
 * Ligands chosen from outside (TransMol's Dock selected): back to the first step with the
 * protein kept, those ligands chosen and the box cleared (it was made for other ligands).
 */
export function withLigands(state: WizardState, ligandIds: number[]): WizardState {
  return { ...state, step: 0, ligandIds, pocket: ZERO_POCKET };
}

/** Previous goes back; leaving the pocket step clears the box (the pocket returns to zeros). */
export function previous(state: WizardState): WizardState {
  if (state.step === 0) return state;
  const leavingPocket = WIZARD_STEPS[state.step] === 'pocket';
  return { ...state, step: state.step - 1, pocket: leavingPocket ? ZERO_POCKET : state.pocket };
}

const STANDARD = new Set(STANDARD_RESIDUE_NAMES);

/**
 * Ligand lists leave out the 21 standard residue names (spec §9): a file whose name, or one
 * of its `_`-separated parts (split parts are named `<source>_<RES>_<chain><number>`), is one of
 * them holds an amino acid or a water, not a ligand.
 */
export function isStandardResidueFile(name: string): boolean {
  const base = name.replace(/\.[^.]+$/, '').toUpperCase();
  return STANDARD.has(base) || base.split(/[_\s-]+/).some((part) => STANDARD.has(part));
}

/** Pocket values shown with the spec's 2 decimals. */
export const formatPocketValue = (value: number) => round2(value).toFixed(2);

export function formatPocket(pocket: DockingPocket): string {
  const c = [pocket.center_x, pocket.center_y, pocket.center_z].map(formatPocketValue).join(', ');
  const s = [pocket.size_x, pocket.size_y, pocket.size_z].map(formatPocketValue).join(' × ');
  return `(${c}) ${s} Å`;
}

/** Every value rounded to 2 decimals (what the server is sent). */
export function roundPocket(pocket: DockingPocket): DockingPocket {
  return {
    size_x: round2(pocket.size_x),
    size_y: round2(pocket.size_y),
    size_z: round2(pocket.size_z),
    center_x: round2(pocket.center_x),
    center_y: round2(pocket.center_y),
    center_z: round2(pocket.center_z),
  };
}

/** A residue number, optionally with its chain ("A:45") or insertion code ("45A"), as the server reads them. */
const RESIDUE_ID = /^([A-Za-z0-9]:)?-?\d+[A-Za-z]?$/;

/**
 * Residue ids are space-separated numbers (spec §5): returns them normalised ("45 67"), or null
 * when the text is empty or holds anything else.
 */
export function parseResidueIds(text: string): string | null {
  const parts = text.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0 || !parts.every((p) => RESIDUE_ID.test(p))) return null;
  return parts.join(' ');
}

/** Spec §9 defaults of the confirmation step (job_name stays empty: 'Docking' is its placeholder). */
export const DEFAULT_SETTINGS: Required<Omit<DockingSettingsInput, 'seed' | 'job_name'>> & { job_name: string } = {
  scoring_function: DOCKING_DEFAULTS.scoring_function,
  job_name: '',
  exhaustiveness: DOCKING_DEFAULTS.exhaustiveness,
  num_modes: DOCKING_DEFAULTS.num_modes,
  energy_range: DOCKING_DEFAULTS.energy_range,
  min_rmsd: DOCKING_DEFAULTS.min_rmsd,
  retain_count: DOCKING_DEFAULTS.retain_count,
  ring_conformers: DOCKING_DEFAULTS.ring_conformers,
};
