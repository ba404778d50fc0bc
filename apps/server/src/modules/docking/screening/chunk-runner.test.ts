import { describe, expect, it } from 'vitest';
import type { ScreeningLigandRecord } from '../../../db/schema';
import { culpritAnswer, culpritOf, MAX_LIGAND_ATTEMPTS, outcomeOf } from './chunk-runner';
import { thinCurve } from './screening.executor';

const ligand = (idx: number, attempts: number) => ({ idx, attempts }) as ScreeningLigandRecord;

describe('outcomeOf', () => {
  it('a docked ligand: score, properties, checks as JSON, failed checks and residues between spaces', () => {
    const row = outcomeOf({
      index: 3,
      ok: true,
      score: -7.2,
      smiles: 'CCO',
      mw: 46.07,
      valid: false,
      checks: { sanitization: true, identity: true, protein_clash: false },
      details: { protein_clash: 'too close' },
      residues: ['A:ASP86', 'A:LEU83'],
      pose_sdf: 'x\n$$$$\n',
    });
    expect(row).toMatchObject({
      status: 'DONE',
      score: -7.2,
      smiles: 'CCO',
      mw: 46.07,
      valid: 0,
      failed_checks: ' protein_clash ',
      residues: ' A:ASP86 A:LEU83 ',
      pose_sdf: 'x\n$$$$\n',
      error: null,
    });
    expect(JSON.parse(row.check_details!)).toEqual({ protein_clash: 'too close' });
  });

  it('a failed ligand keeps its reason (and the properties it got before failing)', () => {
    expect(outcomeOf({ index: 1, ok: false, error: 'Vina failed', heavy_atoms: 130 })).toMatchObject({
      status: 'FAILED',
      error: 'Vina failed',
      heavy_atoms: 130,
    });
    expect(outcomeOf({ index: 1, ok: false }).error).toBe('The ligand could not be docked.');
  });
});

describe('culpritOf', () => {
  it('the first unreported ligand is failed only after its attempts', () => {
    expect(culpritOf([ligand(4, MAX_LIGAND_ATTEMPTS - 1), ligand(5, 1)])).toBeNull();
    expect(culpritOf([ligand(4, MAX_LIGAND_ATTEMPTS), ligand(5, 1)])?.idx).toBe(4);
    expect(culpritOf([])).toBeNull();
    expect(culpritAnswer(ligand(4, 3), 'killed').error).toContain('stopped on this ligand 3 times: killed');
  });
});

describe('thinCurve', () => {
  it('keeps both ends and at most n points', () => {
    const curve = Array.from({ length: 1001 }, (_, i) => [i / 1000, i / 1000] as [number, number]);
    const thin = thinCurve(curve, 200);
    expect(thin).toHaveLength(200);
    expect(thin[0]).toEqual([0, 0]);
    expect(thin.at(-1)).toEqual([1, 1]);
    expect(thinCurve(curve.slice(0, 5), 200)).toHaveLength(5);
  });
});
