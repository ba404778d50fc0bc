import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { vinaError, vinaScores } from './vina-output';

/** A real output of Debian 12's Vina 1.2.3 showing its unbound-energy bug (test/fixtures/README.md). */
const BUGGY = readFileSync(
  new URL('../../../test/fixtures/vina/vina-1.2.3-unbound-bug.pdbqt', import.meta.url),
  'utf8',
);

describe('vina output', () => {
  it('reads the scores of every model and the error lines', () => {
    const out =
      'MODEL 1\nREMARK VINA RESULT:    -6.823      0.000      0.000\nENDMDL\nMODEL 2\nREMARK VINA RESULT:    -5.1      1.2      2.0\nENDMDL\n';
    expect(vinaScores(out)).toEqual([-6.823, -5.1]);
    expect(vinaError('banner\n\nPDBQT parsing error: Atom type Xx is not a valid AutoDock type\n > ATOM')).toBe(
      'PDBQT parsing error: Atom type Xx is not a valid AutoDock type',
    );
  });

  it("takes the best pose's intramolecular energy as the unbound one when Vina 1.2.3 did not", () => {
    // The best pose: INTER + INTRA -14.815, INTRA -0.966, UNBOUND 23.711, reported -27.917.
    expect(BUGGY).toContain('REMARK VINA RESULT:   -27.917');
    const factor = -27.917 / (-14.815 - 23.711);
    const scores = vinaScores(BUGGY);
    expect(scores).toHaveLength(6);
    // The best pose scores its intermolecular energy alone (-13.849), as `vina --score_only` of it
    // does (-10.038 against the receptor, in the Python suite's test_vina_results.py).
    expect(scores[0]).toBeCloseTo(factor * -13.849, 2);
    expect(scores[1]).toBeCloseTo(factor * (-13.082 + 0.966), 2);
    expect([...scores].sort((a, b) => a - b)).toEqual(scores);
  });

  it('reads outputs whose energies agree, or that lack the terms, as they are', () => {
    const agreeing = BUGGY.replace('REMARK UNBOUND:                23.711', 'REMARK UNBOUND:                -0.966');
    expect(vinaScores(agreeing).slice(0, 2)).toEqual([-27.917, -26.662]);
    expect(vinaScores('')).toEqual([]);
  });
});
