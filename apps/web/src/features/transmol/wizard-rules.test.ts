import { TransMolRequest } from '@medx/contract';
import { describe, expect, it } from 'vitest';
import {
  canGoNext,
  clampRemain,
  INITIAL_SETTINGS,
  INITIAL_WIZARD,
  nextStep,
  previousStep,
  quickSmilesProblem,
  RESET_SETTINGS,
  type SeedCheck,
  sameSeeds,
  toRequest,
} from './wizard-rules';

const valid = (smiles: string, canonical = smiles): SeedCheck => ({ status: 'valid', smiles, canonical, image: null });
const checking: SeedCheck = { status: 'checking' };

describe('the quick SMILES check', () => {
  it('accepts ordinary drug-like SMILES', () => {
    for (const smiles of [
      'CC(=O)Oc1ccccc1C(=O)O',
      'NC(=O)c1ccccc1O',
      'C[C@H](N)C(=O)O',
      '[NH3+]CC([O-])=O',
      'c1ccc2c(c1)[nH]c1ccccc12',
      'C%10CCCCC%10',
      ' CCO ',
    ]) {
      expect(quickSmilesProblem(smiles), smiles).toBeNull();
    }
  });

  it('names what is wrong', () => {
    expect(quickSmilesProblem('')).toBe('required');
    expect(quickSmilesProblem('   ')).toBe('required');
    expect(quickSmilesProblem('CC(=O')).toBe('invalid');
    expect(quickSmilesProblem('CC)O')).toBe('invalid');
    expect(quickSmilesProblem('c1ccccc')).toBe('invalid');
    expect(quickSmilesProblem('[NH4+')).toBe('invalid');
    expect(quickSmilesProblem('C C')).toBe('invalid');
    expect(quickSmilesProblem('hello world!')).toBe('invalid');
    expect(quickSmilesProblem('123')).toBe('invalid');
    expect(quickSmilesProblem('CCO.O')).toBe('dot');
    expect(quickSmilesProblem('C'.repeat(1001))).toBe('tooLong');
  });
});

describe('the wizard steps', () => {
  it('lets Next through only for a non-empty SMILES the server parsed', () => {
    const first = { ...INITIAL_WIZARD, smiles1: 'CCO' };
    expect(canGoNext(INITIAL_WIZARD, { status: 'idle' }, { status: 'idle' })).toBe(false);
    expect(canGoNext(first, checking, { status: 'idle' })).toBe(false);
    expect(canGoNext(first, { status: 'invalid', smiles: 'CCO', message: 'no' }, { status: 'idle' })).toBe(false);
    expect(canGoNext(first, valid('CCO'), { status: 'idle' })).toBe(true);
    // A stale "valid" for a text the quick check refuses does not count.
    expect(canGoNext({ ...first, smiles1: 'CC(' }, valid('CC('), { status: 'idle' })).toBe(false);
  });

  it('refuses a second seed that is the first molecule again', () => {
    const second = { step: 1, smiles1: 'OCC', smiles2: 'CCO' };
    expect(canGoNext(second, valid('OCC', 'CCO'), valid('CCO', 'CCO'))).toBe(false);
    expect(sameSeeds(valid('OCC', 'CCO'), valid('CCO', 'CCO'))).toBe(true);
    expect(canGoNext({ ...second, smiles2: 'CCN' }, valid('OCC', 'CCO'), valid('CCN'))).toBe(true);
  });

  it('goes forward to the confirmation and back, keeping what was typed', () => {
    const state = { step: 0, smiles1: 'CCO', smiles2: 'CCN' };
    const confirm = nextStep(nextStep(state));
    expect(confirm.step).toBe(2);
    expect(nextStep(confirm).step).toBe(2);
    expect(canGoNext(confirm, valid('CCO'), valid('CCN'))).toBe(false);
    const back = previousStep(confirm);
    expect(back).toEqual({ step: 1, smiles1: 'CCO', smiles2: 'CCN' });
    expect(previousStep(previousStep(back)).step).toBe(0);
  });
});

describe('settings and the request', () => {
  it('opens with the spec defaults and resets to epsilon 1, number 10, range 0-10', () => {
    expect(INITIAL_SETTINGS).toEqual({ epsilon: 0.5, number: 10, remain: [0, 10], job_name: 'TransMol' });
    expect(RESET_SETTINGS).toEqual({ epsilon: 1, number: 10, remain: [0, 10], job_name: 'TransMol' });
  });

  it('keeps the remain range inside 0..number', () => {
    expect(clampRemain([0, 10], 10)).toEqual([0, 10]);
    expect(clampRemain([2, 40], 20)).toEqual([2, 20]);
    expect(clampRemain([5, 5], 10)).toEqual([4, 5]);
    expect(clampRemain([0, 0], 10)).toEqual([0, 1]);
  });

  it('sends the remain range × 10 and passes the contract', () => {
    const request = toRequest(
      7,
      { smiles1: ' CC(=O)Oc1ccccc1C(=O)O ', smiles2: 'NC(=O)c1ccccc1O' },
      { epsilon: 0.30000000000000004, number: 20, remain: [2, 15], job_name: '  ' },
    );
    expect(request).toEqual({
      project_id: 7,
      smiles1: 'CC(=O)Oc1ccccc1C(=O)O',
      smiles2: 'NC(=O)c1ccccc1O',
      epsilon: 0.3,
      number: 20,
      remain_range_ge: 20,
      remain_range_le: 150,
      job_name: 'TransMol',
    });
    expect(TransMolRequest.safeParse(request).success).toBe(true);
    // The defaults: 0-10 in the interface is 0-100 in the request, the most number 10 allows.
    const defaults = toRequest(1, { smiles1: 'CCO', smiles2: 'CCN' }, INITIAL_SETTINGS);
    expect([defaults.remain_range_ge, defaults.remain_range_le]).toEqual([0, 100]);
    expect(TransMolRequest.safeParse(defaults).success).toBe(true);
  });

  it('never sends a range end beyond number × 10', () => {
    const request = toRequest(1, { smiles1: 'CCO', smiles2: 'CCN' }, { ...INITIAL_SETTINGS, remain: [0, 50] });
    expect(request.remain_range_le).toBe(100);
    expect(TransMolRequest.safeParse(request).success).toBe(true);
  });
});
