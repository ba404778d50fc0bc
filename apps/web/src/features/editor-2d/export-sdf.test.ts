import { describe, expect, it } from 'vitest';
import { EXPORT_NAME_MAX, exportNameProblem, molfileAtomCount, sdfFileName, sdfRecord } from './export-sdf';

const MOLFILE = [
  '',
  '  Ketcher  1012251200 2D 1   1.00000     0.00000     0',
  '',
  '  2  1  0  0  0  0  0  0  0  0999 V2000',
  '    0.0000    0.0000    0.0000 C   0  0  0  0  0  0  0  0  0  0  0  0',
  '    1.0000    0.0000    0.0000 O   0  0  0  0  0  0  0  0  0  0  0  0',
  '  1  2  2  0     0  0',
  'M  END',
  '',
].join('\n');

const EMPTY = ['', '  Ketcher', '', '  0  0  0  0  0  0  0  0  0  0999 V2000', 'M  END', ''].join('\n');

describe('the export name', () => {
  it("is required ('Please input sdf name.'), trimmed, and short enough for an entry name", () => {
    expect(exportNameProblem('')).toBe('required');
    expect(exportNameProblem('   ')).toBe('required');
    expect(exportNameProblem('.sdf')).toBe('required');
    expect(exportNameProblem('aspirin')).toBeNull();
    expect(exportNameProblem('a'.repeat(EXPORT_NAME_MAX))).toBeNull();
    expect(exportNameProblem('a'.repeat(EXPORT_NAME_MAX + 1))).toBe('tooLong');
    // The typed .sdf counts once.
    expect(exportNameProblem(`${'a'.repeat(EXPORT_NAME_MAX)}.sdf`)).toBeNull();
  });

  it('becomes a .sdf file name', () => {
    expect(sdfFileName(' aspirin ')).toBe('aspirin.sdf');
    expect(sdfFileName('aspirin.SDF')).toBe('aspirin.SDF');
  });
});

describe('the SDF written from the editor', () => {
  it('counts atoms of V2000 and V3000 molfiles; an empty canvas has none', () => {
    expect(molfileAtomCount(MOLFILE)).toBe(2);
    expect(molfileAtomCount(EMPTY)).toBe(0);
    expect(molfileAtomCount('')).toBe(0);
    expect(
      molfileAtomCount('\n\n\n  0  0  0     0  0            999 V3000\nM  V30 BEGIN CTAB\nM  V30 COUNTS 12 11 0 0 0\n'),
    ).toBe(12);
  });

  it('is one record: the name as title, the 2D block unchanged, then $$$$', () => {
    const sdf = sdfRecord(MOLFILE, 'aspirin');
    const lines = sdf.split('\n');
    expect(lines[0]).toBe('aspirin');
    expect(lines.slice(1, 8)).toEqual(MOLFILE.split('\n').slice(1, 8));
    expect(sdf.endsWith('M  END\n$$$$\n')).toBe(true);
    expect(sdf.match(/\$\$\$\$/g)).toHaveLength(1);
    // A name cannot end the record early.
    expect(sdfRecord(MOLFILE, 'a$$$$b').split('\n')[0]).toBe('ab');
  });
});
