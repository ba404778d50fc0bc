import { describe, expect, it } from 'vitest';
import { validateStructure } from './formats';
import { splitMultiMolecule } from './multi-split';

const splitSdf = (text: string) => splitMultiMolecule('sdf', text);
const splitMol2 = (text: string) => splitMultiMolecule('mol2', text);
const splitSmi = (text: string) => splitMultiMolecule('smi', text);

import { ASPIRIN_SDF, METHANOL_MOL2, TWO_RECORD_SDF } from './test-fixtures';

describe('splitSdf', () => {
  it('cuts at $$$$, keeps each record’s data items, names from the title or mol_<n>', async () => {
    const parts = await splitSdf(TWO_RECORD_SDF);
    expect(parts.map((p) => p.name)).toEqual(['ethanol', 'mol_2']);
    expect(parts[0]!.content).toContain('> <id>\n1\n');
    expect(parts[1]!.content).toContain('> <id>\n2\n');
    for (const part of parts) {
      expect(part.content.endsWith('$$$$\n')).toBe(true);
      expect(await validateStructure('sdf', part.content)).toMatchObject({ ok: true, molecules: 1 });
    }
    // Nothing is lost or added: the parts concatenate back to the file.
    expect(parts.map((p) => p.content).join('')).toBe(TWO_RECORD_SDF);
  });

  it('makes duplicate and unsafe titles into unique file-safe names', async () => {
    const pose = ASPIRIN_SDF.replace(/^aspirin/, 'pose 1/2');
    expect((await splitSdf(pose + pose + ASPIRIN_SDF)).map((p) => p.name)).toEqual([
      'pose_1_2',
      'pose_1_2_2',
      'aspirin',
    ]);
  });

  it('accepts a last record without $$$$ and ignores trailing blank lines', async () => {
    const parts = await splitSdf(`${TWO_RECORD_SDF}\n\n`);
    expect(parts).toHaveLength(2);
    expect(await splitSdf(ASPIRIN_SDF.replace('$$$$\n', ''))).toHaveLength(1);
  });
});

describe('splitMol2', () => {
  it('cuts at each @<TRIPOS>MOLECULE and names from the molecule name', async () => {
    const second = METHANOL_MOL2.replace('methanol', 'copy');
    const parts = await splitMol2(`# written by a tool\n${METHANOL_MOL2}\n${second}`);
    expect(parts.map((p) => p.name)).toEqual(['methanol', 'copy']);
    expect(parts[0]!.content).toBe(METHANOL_MOL2);
    for (const part of parts) expect(await validateStructure('mol2', part.content)).toMatchObject({ ok: true });
  });
});

describe('splitSmi', () => {
  it('makes one part per line, with the rest of the line as the name', async () => {
    const parts = await splitSmi('# header\nCCO ethanol\n\nc1ccccc1\tbenzene ring\nCC\n');
    expect(parts).toEqual([
      { name: 'ethanol', content: 'CCO ethanol\n' },
      { name: 'benzene_ring', content: 'c1ccccc1\tbenzene ring\n' },
      { name: 'mol_3', content: 'CC\n' },
    ]);
  });
});
