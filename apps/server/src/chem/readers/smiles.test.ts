import { describe, expect, it } from 'vitest';
import { readSmiles } from './smiles';

describe('readSmiles', () => {
  it('reads one record per line with its name, line and RDKit heavy-atom count', async () => {
    const { records, errors } = await readSmiles('# header\nCCO ethanol\n\nc1ccccc1\tbenzene ring\n');
    expect(errors).toEqual([]);
    expect(records.map((r) => [r.index, r.title, r.line, r.smiles, r.heavyAtoms, r.text])).toEqual([
      [1, 'ethanol', 2, 'CCO', 3, 'CCO ethanol\n'],
      [2, 'benzene ring', 4, 'c1ccccc1', 6, 'c1ccccc1\tbenzene ring\n'],
    ]);
  });

  it('reports each line RDKit cannot parse with its number', async () => {
    const { records, errors } = await readSmiles('CCO\nC1CC(C\n');
    expect(records).toHaveLength(2);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ reason: 'malformed', line: 2 });
    expect(errors[0]!.detail).toMatch(/^line 2: RDKit cannot parse 'C1CC\(C'/);
  });
});
