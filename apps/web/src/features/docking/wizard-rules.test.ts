import { DOCKING_DEFAULTS, ZERO_POCKET } from '@medx/contract';
import { describe, expect, it } from 'vitest';
import {
  canGoNext,
  DEFAULT_SETTINGS,
  formatPocket,
  INITIAL_WIZARD,
  isStandardResidueFile,
  next,
  parseResidueIds,
  previous,
  roundPocket,
  type WizardState,
  withLigands,
} from './wizard-rules';

const box = { size_x: 20, size_y: 18.5, size_z: 22, center_x: 1.234, center_y: -5.678, center_z: 10 };

describe('docking wizard steps (spec §4)', () => {
  it('needs exactly one protein to leave the protein step', () => {
    expect(canGoNext(INITIAL_WIZARD)).toBe(false);
    expect(canGoNext({ ...INITIAL_WIZARD, proteinIds: [1] })).toBe(true);
    expect(canGoNext({ ...INITIAL_WIZARD, proteinIds: [1, 2] })).toBe(false);
    expect(next(INITIAL_WIZARD)).toBe(INITIAL_WIZARD);
  });

  it('needs a ligand, then a non-zero pocket', () => {
    const ligands: WizardState = { ...INITIAL_WIZARD, step: 1, proteinIds: [1] };
    expect(canGoNext(ligands)).toBe(false);
    expect(canGoNext({ ...ligands, ligandIds: [2, 3] })).toBe(true);
    const pocket: WizardState = { ...ligands, step: 2, ligandIds: [2] };
    expect(canGoNext(pocket)).toBe(false);
    expect(canGoNext({ ...pocket, pocket: { ...ZERO_POCKET, center_x: 4 } })).toBe(false);
    expect(canGoNext({ ...pocket, pocket: box })).toBe(true);
    expect(next({ ...pocket, pocket: box }).step).toBe(3);
    expect(canGoNext({ ...pocket, step: 3, pocket: box })).toBe(false);
  });

  it('clears the box when going back from the pocket step, keeps it from the confirmation', () => {
    const atPocket: WizardState = { step: 2, proteinIds: [1], ligandIds: [2], pocket: box };
    expect(previous(atPocket)).toEqual({ ...atPocket, step: 1, pocket: ZERO_POCKET });
    const atConfirm = { ...atPocket, step: 3 };
    expect(previous(atConfirm)).toEqual({ ...atPocket, step: 2 });
    expect(previous(INITIAL_WIZARD)).toBe(INITIAL_WIZARD);
  });

  it('starts over with ligands sent from another window, keeping the protein and dropping the box', () => {
    const atConfirm: WizardState = { step: 3, proteinIds: [1], ligandIds: [2], pocket: box };
    expect(withLigands(atConfirm, [9])).toEqual({ step: 0, proteinIds: [1], ligandIds: [9], pocket: ZERO_POCKET });
    expect(canGoNext(withLigands(atConfirm, [9]))).toBe(true);
  });
});

describe('ligand lists (spec §9)', () => {
  it('leave out files named after the 21 standard residues', () => {
    expect(isStandardResidueFile('HOH.pdb')).toBe(true);
    expect(isStandardResidueFile('5x72_complex_ALA_A12.pdb')).toBe(true);
    expect(isStandardResidueFile('raw_HOH_B301.sdf')).toBe(true);
    expect(isStandardResidueFile('5x72_complex_P59_A101.pdb')).toBe(false);
    expect(isStandardResidueFile('imatinib.sdf')).toBe(false);
    expect(isStandardResidueFile('glycine_analog.sdf')).toBe(false);
  });
});

describe('pocket values', () => {
  it('show and send 2 decimals', () => {
    expect(formatPocket(box)).toBe('(1.23, -5.68, 10.00) 20.00 × 18.50 × 22.00 Å');
    expect(roundPocket({ ...box, size_x: 20.456 })).toEqual({ ...box, size_x: 20.46, center_x: 1.23, center_y: -5.68 });
  });

  it('reads residue ids as space-separated numbers', () => {
    expect(parseResidueIds(' 45  67 121 ')).toBe('45 67 121');
    expect(parseResidueIds('A:45 46B')).toBe('A:45 46B');
    expect(parseResidueIds('')).toBeNull();
    expect(parseResidueIds('45,67')).toBeNull();
    expect(parseResidueIds('GLU')).toBeNull();
  });
});

describe('settings defaults (spec §9)', () => {
  it('are the spec values with an empty job name (Docking is its placeholder)', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      scoring_function: 'vina',
      job_name: '',
      exhaustiveness: 32,
      num_modes: 9,
      energy_range: 3,
      min_rmsd: 1,
      retain_count: 1,
      ring_conformers: 1,
    });
    expect(DOCKING_DEFAULTS.job_name).toBe('Docking');
  });
});
