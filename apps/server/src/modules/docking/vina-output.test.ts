import { describe, expect, it } from 'vitest';
import { vinaError, vinaScores } from './vina-output';

describe('vina output', () => {
  it('reads the scores of every model and the error lines', () => {
    const out =
      'MODEL 1\nREMARK VINA RESULT:    -6.823      0.000      0.000\nENDMDL\nMODEL 2\nREMARK VINA RESULT:    -5.1      1.2      2.0\nENDMDL\n';
    expect(vinaScores(out)).toEqual([-6.823, -5.1]);
    expect(vinaError('banner\n\nPDBQT parsing error: Atom type Xx is not a valid AutoDock type\n > ATOM')).toBe(
      'PDBQT parsing error: Atom type Xx is not a valid AutoDock type',
    );
  });
});
