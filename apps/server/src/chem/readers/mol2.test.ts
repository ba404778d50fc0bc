import { describe, expect, it } from 'vitest';
import { METHANOL_MOL2 } from '../test-fixtures';
import { readMol2 } from './mol2';

describe('readMol2', () => {
  it('reads each molecule with its name, atoms (element from the SYBYL type) and text', () => {
    const { records, errors } = readMol2(
      `# written by a tool\n${METHANOL_MOL2}\n\n${METHANOL_MOL2.replace('methanol', 'copy')}`,
    );
    expect(errors).toEqual([]);
    expect(records.map((r) => [r.index, r.title, r.line, r.heavyAtoms])).toEqual([
      [1, 'methanol', 2, 2],
      [2, 'copy', 15, 2],
    ]);
    expect(records[0]!.text).toBe(METHANOL_MOL2);
    expect(records[0]!.atoms[1]).toEqual({ element: 'O', x: 1.4, y: 0, z: 0, line: 10 });
  });

  it('names the molecule and the line of an incomplete atom row', () => {
    const bad = METHANOL_MOL2.replace('1.4000    0.0000    0.0000 O.3', '1.4000 O.3');
    const { errors } = readMol2(METHANOL_MOL2 + bad);
    expect(errors).toEqual([
      {
        reason: 'malformed',
        line: 20,
        detail: "molecule 2: atom row 2 ('2 O1          1.4000 O.3     1  MOH1        0.0000') is incomplete",
      },
    ]);
  });
});
