import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parsePDB } from 'molstar/lib/mol-io/reader/pdb/parser';
import { Structure, StructureElement } from 'molstar/lib/mol-model/structure';
import { trajectoryFromPDB } from 'molstar/lib/mol-model-formats/structure/pdb';
import { describe, expect, it } from 'vitest';
import { chainIds, chainLoci } from './chains';

/** Bench 7ztl: chain A (2121 ATOM + 48 HETATM lines) and chain B (147 + 12). */
const PDB = resolve(import.meta.dirname, '../../../../../../shared/bench/7ztl/receptor.pdb');

async function structureOf(text: string): Promise<Structure> {
  const parsed = await parsePDB(text, 'receptor').run();
  if (parsed.isError) throw new Error(parsed.message);
  const trajectory = await trajectoryFromPDB(parsed.result).run();
  return Structure.ofModel(trajectory.representative);
}

describe('the chains of a structure', () => {
  it('lists author chain ids in order and gives each its atoms', async () => {
    const text = readFileSync(PDB, 'utf8');
    const structure = await structureOf(text);
    expect(chainIds(structure)).toEqual(['A', 'B']);
    // Counted from the file itself: every ATOM/HETATM line of the chain.
    const lines = text.split('\n').filter((line) => /^(ATOM {2}|HETATM)/.test(line));
    const count = (id: string) => lines.filter((line) => line[21] === id).length;
    expect(StructureElement.Loci.size(chainLoci(structure, 'A'))).toBe(count('A'));
    expect(StructureElement.Loci.size(chainLoci(structure, 'B'))).toBe(count('B'));
    expect(StructureElement.Loci.size(chainLoci(structure, 'Z'))).toBe(0);
    // Cached per structure object.
    expect(chainIds(structure)).toBe(chainIds(structure));
  });

  it('leaves atoms without a chain id out of the chain level', async () => {
    const text = [
      'ATOM      1  N   ALA     1       0.000   0.000   0.000  1.00  0.00           N',
      'ATOM      2  CA  ALA     1       1.458   0.000   0.000  1.00  0.00           C',
      'END',
    ].join('\n');
    expect(chainIds(await structureOf(text))).toEqual([]);
  });
});
