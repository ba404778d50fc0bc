import { describe, expect, it } from 'vitest';
import {
  CARVE,
  clampCarve,
  clampSize,
  densityProblem,
  isMapFile,
  layerLabel,
  meshEdges,
  residueToken,
  residueTokens,
  SIZE,
} from './rules';

describe('CCP4 map popover rules', () => {
  it('has the spec defaults: carve 2.0, size 0.1 to 1 step 0.1', () => {
    expect(CARVE.default).toBe(2.0);
    expect([SIZE.min, SIZE.max, SIZE.step]).toEqual([0.1, 1, 0.1]);
  });

  it('names residues as the server reads them', () => {
    expect(residueToken({ chain: 'A', name: 'glu', seq: 121, insCode: '' })).toBe('A:GLU121');
    expect(residueToken({ chain: 'B', name: 'SER', seq: -3, insCode: 'a' })).toBe('B:SER-3A');
    expect(residueToken({ chain: '', name: 'HEM', seq: 1, insCode: '' })).toBe('HEM1');
    const atom = { chain: 'A', name: 'LYS', seq: 45, insCode: '' };
    expect(residueTokens([atom, atom, { ...atom, seq: 46 }])).toEqual(['A:LYS45', 'A:LYS46']);
  });

  it('asks for a residue first, then for the map', () => {
    expect(densityProblem([], null)).toBe('selectResidue');
    expect(densityProblem([{ fileId: 3, tokens: [] }], 7)).toBe('selectResidue');
    expect(densityProblem([{ fileId: 3, tokens: ['A:LYS45'] }], null)).toBe('selectMap');
    expect(densityProblem([{ fileId: 3, tokens: ['A:LYS45'] }], 7)).toBeNull();
  });

  it('refuses residues of two structures, of a non-project structure, or too many', () => {
    const a = { fileId: 3, tokens: ['A:LYS45'] };
    expect(densityProblem([a, { fileId: 4, tokens: ['A:GLY1'] }], 7)).toBe('oneStructure');
    expect(densityProblem([{ fileId: null, tokens: ['A:LYS45'] }], 7)).toBe('notProjectFile');
    const many = Array.from({ length: 201 }, (_, i) => `A:ALA${i + 1}`);
    expect(densityProblem([{ fileId: 3, tokens: many }], 7)).toBe('tooManyResidues');
  });

  it('keeps carve and size in range', () => {
    expect(clampCarve(null)).toBe(2);
    expect(clampCarve(0.1)).toBe(0.5);
    expect(clampCarve(50)).toBe(10);
    expect(clampCarve(3.5)).toBe(3.5);
    expect(clampSize(undefined)).toBe(SIZE.default);
    expect(clampSize(0)).toBe(0.1);
    expect(clampSize(2)).toBe(1);
    expect(clampSize(0.34)).toBe(0.3);
  });

  it('recognises map files by extension', () => {
    expect(isMapFile('CCP4')).toBe(true);
    expect(isMapFile('map')).toBe(true);
    expect(isMapFile('mrc')).toBe(true);
    expect(isMapFile('pdb')).toBe(false);
  });

  it('labels a layer by the typed name, else by map and residues', () => {
    expect(layerLabel('  my mesh ', 'm.ccp4', ['A:LYS45'])).toBe('my mesh');
    expect(layerLabel('', 'm.ccp4', ['A:LYS45'])).toBe('m.ccp4 A:LYS45');
    expect(layerLabel('', 'm.ccp4', ['A:LYS45', 'A:LYS46', 'A:LYS47'])).toBe('m.ccp4 A:LYS45 +2');
  });

  it('turns triangles into their edges, each shared edge once', () => {
    // Two triangles sharing the edge 1-2: 5 distinct edges.
    const edges = [...meshEdges([0, 1, 2, 2, 1, 3])];
    const pairs = [];
    for (let i = 0; i < edges.length; i += 2) pairs.push(`${edges[i]}-${edges[i + 1]}`);
    expect(pairs.sort()).toEqual(['0-1', '0-2', '1-2', '1-3', '2-3']);
    // Degenerate triangles add no zero-length edges.
    expect([...meshEdges([4, 4, 5])]).toEqual([4, 5]);
    expect(meshEdges([]).length).toBe(0);
  });
});
