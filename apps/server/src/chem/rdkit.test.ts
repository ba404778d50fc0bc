import { describe, expect, it } from 'vitest';
import { ChemistryError } from './errors';
import {
  canonicalSmiles,
  checkSmiles,
  connectivitySmiles,
  depictSvg,
  getRDKit,
  looksLikeMolblock,
  sameMolecule,
} from './rdkit';
import { ASPIRIN_SDF } from './test-fixtures';

describe('RDKit MinimalLib singleton', () => {
  it('loads once and hands out the same module', async () => {
    const [a, b] = await Promise.all([getRDKit(), getRDKit()]);
    expect(a).toBe(b);
    expect(a.version()).toMatch(/^20\d\d\.\d\d\.\d/);
  });
});

describe('canonicalSmiles', () => {
  it('gives one string for different spellings of a molecule', async () => {
    const kekule = await canonicalSmiles('C1=CC=CC=C1C(=O)O');
    expect(kekule).toBe(await canonicalSmiles('OC(=O)c1ccccc1'));
    expect(kekule).toBe('O=C(O)c1ccccc1');
  });

  it('reads molblocks (with their data items), dropping explicit hydrogens', async () => {
    expect(await canonicalSmiles(ASPIRIN_SDF)).toBe('CC(=O)Oc1ccccc1C(=O)O');
    expect(await canonicalSmiles('[H]OC([H])([H])[H]')).toBe('CO');
  });

  it('keeps stereo and charges', async () => {
    expect(await canonicalSmiles('N[C@@H](C)C(=O)O')).toBe('C[C@H](N)C(=O)O');
    expect(await canonicalSmiles('CC(=O)[O-].[Na+]')).toBe('CC(=O)[O-].[Na+]');
  });

  it('takes the first token of a "SMILES name" line', async () => {
    expect(await canonicalSmiles('OCC ethanol\n')).toBe('CCO');
  });

  it('returns null for what RDKit cannot read', async () => {
    expect(await canonicalSmiles('C1CC')).toBeNull();
    expect(await canonicalSmiles('c1cccc1')).toBeNull();
    expect(await canonicalSmiles('')).toBeNull();
    expect(await canonicalSmiles('{"commonchem":{"version":10}}')).toBeNull();
  });

  it('reports RDKit’s reason for a SMILES it refuses', async () => {
    const result = await checkSmiles('C1CC(');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/SMILES Parse Error/);
    expect(await checkSmiles('c1ccccc1')).toEqual({ ok: true, atoms: 6 });
  });
});

describe('connectivitySmiles', () => {
  it('ignores bond orders, aromaticity, charges and stereo', async () => {
    const a = await connectivitySmiles('O=C(O)c1ccccc1');
    expect(a).toBe(await connectivitySmiles('OC(O)C1CCCCC1'));
    expect(await connectivitySmiles('C[C@H](N)C(=O)[O-]')).toBe(await connectivitySmiles('CC([NH3+])C(O)O'));
  });

  it('still tells different skeletons and elements apart', async () => {
    expect(await connectivitySmiles('CCCC')).not.toBe(await connectivitySmiles('CC(C)C'));
    expect(await connectivitySmiles('CCO')).not.toBe(await connectivitySmiles('CCN'));
    expect(await connectivitySmiles('C1CCCCC1')).not.toBe(await connectivitySmiles('CCCCCC'));
  });

  it('drops hydrogens RDKit keeps for stereo', async () => {
    expect(await connectivitySmiles('[H]/N=C1/CCCN1C')).toBe(await connectivitySmiles('N=C1CCCN1C'));
  });

  it('reads 3D molblocks without re-perceiving stereo from the coordinates', async () => {
    expect(await connectivitySmiles(ASPIRIN_SDF)).toBe(await connectivitySmiles('CC(O)OC1CCCCC1C(O)O'));
  });
});

describe('sameMolecule', () => {
  it('requires the same graph and the stereocentres the query specifies', async () => {
    expect(await sameMolecule('C[C@H](N)C(=O)O', 'N[C@@H](C)C(O)=O')).toBe(true);
    expect(await sameMolecule('C[C@H](N)C(=O)O', 'C[C@@H](N)C(=O)O')).toBe(false);
    // An open centre in the query matches either configuration in the target.
    expect(await sameMolecule('CC(N)C(=O)O', 'C[C@@H](N)C(=O)O')).toBe(true);
    // A substructure is not the same molecule.
    expect(await sameMolecule('CC(N)C(=O)O', 'CC(N)C(=O)OC')).toBe(false);
    expect(await sameMolecule('CC(=O)Oc1ccccc1C(=O)O aspirin', ASPIRIN_SDF)).toBe(true);
  });
});

describe('depictSvg', () => {
  it('draws an SVG of the requested size', async () => {
    const svg = await depictSvg('c1ccccc1O', 320, 240);
    expect(svg).toMatch(/^<\?xml[^>]*>\s*<svg/);
    expect(svg).toContain("width='320px'");
    expect(svg).toContain("height='240px'");
  });

  it('draws a molblock and refuses garbage with the layer error', async () => {
    expect(await depictSvg(ASPIRIN_SDF)).toContain('<svg');
    await expect(depictSvg('not a molecule(')).rejects.toBeInstanceOf(ChemistryError);
  });
});

describe('looksLikeMolblock', () => {
  it('tells molblocks from SMILES text', () => {
    expect(looksLikeMolblock(ASPIRIN_SDF)).toBe(true);
    expect(looksLikeMolblock('CCO\nCCN\n')).toBe(false);
    expect(looksLikeMolblock('CCO')).toBe(false);
  });
});

describe('RDKit in worker threads', () => {
  it('a 1,000-carbon chain (which overflows MinimalLib’s WASM stack) is refused and does not poison later calls', async () => {
    const chain = await checkSmiles('C'.repeat(1000));
    expect(chain.ok).toBe(false);
    if (!chain.ok) expect(chain.error).toMatch(/could not process this molecule/);
    expect(await canonicalSmiles('C'.repeat(1000))).toBeNull();
    // The worker that crashed was replaced: ordinary molecules still read, in parallel too.
    const again = await Promise.all(['CCO', 'OCC', 'c1ccccc1O'].map((s) => canonicalSmiles(s)));
    expect(again).toEqual(['CCO', 'CCO', 'Oc1ccccc1']);
    expect(await checkSmiles('C'.repeat(400))).toEqual({ ok: true, atoms: 400 });
    // Two replacement workers each load RDKit's WASM (about a second on a loaded machine).
  }, 30_000);
});
