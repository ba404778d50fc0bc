import { TRANSMOL_DEFAULTS, TRANSMOL_LIMITS, type TransMolRequestInput, transmolRemainMax } from '@medx/contract';

/** The wizard's steps in order (spec §4 TransMol wizard). */
export const TRANSMOL_STEPS = ['smiles1', 'smiles2', 'confirm'] as const;
export type TransMolStep = (typeof TRANSMOL_STEPS)[number];

/** The confirmation step's form; `remain` is the interface's range (0..number), not the request's. */
export interface TransMolSettings {
  epsilon: number;
  number: number;
  remain: [number, number];
  job_name: string;
}

/** Spec §9 defaults, shown when the window opens. */
export const INITIAL_SETTINGS: TransMolSettings = {
  epsilon: TRANSMOL_DEFAULTS.epsilon,
  number: TRANSMOL_DEFAULTS.number,
  remain: [TRANSMOL_DEFAULTS.remainMin, TRANSMOL_DEFAULTS.remainMax],
  job_name: TRANSMOL_DEFAULTS.job_name,
};

/**
 * After a successful submit (spec §4): step 1 with epsilon 1, number 10 and remain range 0-10.
 * The spec says epsilon 1 here although the opening default is 0.5; we follow it.
 */
export const RESET_SETTINGS: TransMolSettings = { ...INITIAL_SETTINGS, epsilon: TRANSMOL_LIMITS.epsilonMax };

/** What a quick look finds wrong with a seed (keys of `transmol:seed.problems`). */
export type SmilesProblem = 'required' | 'invalid' | 'dot' | 'tooLong';

/** Characters a SMILES may hold (atoms, bonds, branches, rings, charges, stereo). */
const SMILES_CHARS = /^[A-Za-z0-9@+\-[\]()=#$%/\\.:*]+$/;

/**
 * A cheap check before the server reads the SMILES: allowed characters, balanced branches and
 * brackets, ring-closure digits in pairs, one molecule. It lets obvious typos fail at once; the
 * server (convert_to_smiles) decides whether the molecule really parses.
 */
export function quickSmilesProblem(text: string): SmilesProblem | null {
  const smiles = text.trim();
  if (!smiles) return 'required';
  if (smiles.length > TRANSMOL_LIMITS.smilesMax) return 'tooLong';
  if (!SMILES_CHARS.test(smiles)) return 'invalid';
  if (smiles.includes('.')) return 'dot';
  let branches = 0;
  let inBracket = false;
  const openRings = new Set<string>();
  for (let i = 0; i < smiles.length; i++) {
    const c = smiles[i] as string;
    if (inBracket) {
      if (c === '[') return 'invalid';
      if (c === ']') inBracket = false;
      continue;
    }
    if (c === '[') inBracket = true;
    else if (c === ']') return 'invalid';
    else if (c === '(') branches++;
    else if (c === ')' && --branches < 0) return 'invalid';
    else if (c === '%') {
      // Two-digit ring closure: %10..%99.
      const label = smiles.slice(i + 1, i + 3);
      if (!/^\d\d$/.test(label)) return 'invalid';
      toggle(openRings, `%${label}`);
      i += 2;
    } else if (/\d/.test(c)) toggle(openRings, c);
  }
  if (inBracket || branches !== 0 || openRings.size > 0) return 'invalid';
  if (!/[A-Za-z]/.test(smiles)) return 'invalid';
  return null;
}

function toggle(set: Set<string>, label: string) {
  if (set.has(label)) set.delete(label);
  else set.add(label);
}

/** What the server said about a seed: still asking, parses (with its canonical form), or refused. */
export type SeedCheck =
  | { status: 'idle' | 'checking' }
  | { status: 'valid'; smiles: string; canonical: string; image: string | null }
  | { status: 'invalid'; smiles: string; message: string };

export interface WizardState {
  step: number;
  smiles1: string;
  smiles2: string;
}

export const INITIAL_WIZARD: WizardState = { step: 0, smiles1: '', smiles2: '' };

/** The two seeds are the same molecule (the server refuses them; say so before the last step). */
export function sameSeeds(check1: SeedCheck, check2: SeedCheck): boolean {
  return check1.status === 'valid' && check2.status === 'valid' && check1.canonical === check2.canonical;
}

/**
 * Next (spec §4): the current SMILES passes the quick check and the server parsed it; on the
 * second step it must also differ from the first.
 */
export function canGoNext(state: WizardState, check1: SeedCheck, check2: SeedCheck): boolean {
  const step = TRANSMOL_STEPS[state.step];
  if (step === 'smiles1') return quickSmilesProblem(state.smiles1) === null && check1.status === 'valid';
  if (step === 'smiles2') {
    return quickSmilesProblem(state.smiles2) === null && check2.status === 'valid' && !sameSeeds(check1, check2);
  }
  return false;
}

export const nextStep = (state: WizardState): WizardState => ({
  ...state,
  step: Math.min(state.step + 1, TRANSMOL_STEPS.length - 1),
});

/** Previous goes back and keeps what was typed. */
export const previousStep = (state: WizardState): WizardState => ({ ...state, step: Math.max(state.step - 1, 0) });

/** The remain range kept inside 0..number when the number changes (the slider's maximum). */
export function clampRemain(remain: readonly [number, number], number: number): [number, number] {
  const high = Math.min(Math.max(remain[1], 1), number);
  const low = Math.min(Math.max(remain[0], 0), high - 1);
  return [low, high];
}

/** Epsilon on the spec's 0.1 grid (an InputNumber may hold 0.30000000000000004). */
export const roundEpsilon = (value: number) => Math.round(value * 10) / 10;

/**
 * The request (spec §3 TransMol request): the interface's remain range × 10, whose end may not
 * pass number × 10 (the contract refuses it).
 */
export function toRequest(
  projectId: number,
  state: Pick<WizardState, 'smiles1' | 'smiles2'>,
  settings: TransMolSettings,
): TransMolRequestInput {
  const [low, high] = clampRemain(settings.remain, settings.number);
  const scale = TRANSMOL_LIMITS.remainScale;
  return {
    project_id: projectId,
    smiles1: state.smiles1.trim(),
    smiles2: state.smiles2.trim(),
    epsilon: roundEpsilon(settings.epsilon),
    number: settings.number,
    remain_range_ge: low * scale,
    remain_range_le: Math.min(high * scale, transmolRemainMax(settings.number)),
    job_name: settings.job_name.trim() || TRANSMOL_DEFAULTS.job_name,
  };
}
