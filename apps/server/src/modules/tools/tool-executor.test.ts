import { describe, expect, it } from 'vitest';
import { outputFileName } from './tool.executor';

describe('outputFileName', () => {
  it('ends a label with the output’s extension, as every project file name does', () => {
    expect(outputFileName('Ligand RMSD on p59.sdf', 'tabular')).toBe('Ligand RMSD on p59.sdf.tabular');
    expect(outputFileName('Convert on m.smi: output', 'sdf')).toBe('Convert on m.smi: output.sdf');
  });

  it('does not repeat an extension the label already ends with', () => {
    expect(outputFileName('poses.sdf', 'sdf')).toBe('poses.sdf');
    expect(outputFileName('POSES.SDF', 'sdf')).toBe('POSES.SDF');
  });

  it('keeps no path separator and falls back to "output"', () => {
    expect(outputFileName('a/b\\c', 'txt')).toBe('a_b_c.txt');
    expect(outputFileName('   ', 'txt')).toBe('output.txt');
  });
});
