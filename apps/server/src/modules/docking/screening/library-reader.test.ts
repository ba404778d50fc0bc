import { Readable } from 'node:stream';
import { SCREENING_LIMITS } from '@medx/contract';
import { describe, expect, it } from 'vitest';
import {
  activityOf,
  csvFields,
  csvLayout,
  type LibraryFormat,
  type LibraryRecord,
  libraryRecords,
  streamLines,
  UniqueNames,
} from './library-reader';

/** A stream that delivers the text in small pieces, so records cross chunk boundaries. */
const pieces = (text: string, size = 7) =>
  Readable.from(
    Array.from({ length: Math.ceil(text.length / size) }, (_, i) => Buffer.from(text.slice(i * size, i * size + size))),
  );

async function read(text: string, format: LibraryFormat, options = {}): Promise<LibraryRecord[]> {
  const out: LibraryRecord[] = [];
  for await (const r of libraryRecords(pieces(text), format, 'lib.x', options)) out.push(r);
  return out;
}

describe('streamLines', () => {
  it('splits on \\n and \\r\\n across chunk boundaries, keeping a last line without an ending', async () => {
    const lines: string[] = [];
    for await (const l of streamLines(pieces('a\r\nbb\n\nccc'), 100)) lines.push(l.text);
    expect(lines).toEqual(['a', 'bb', '', 'ccc']);
  });

  it('flags a line over the limit and keeps only its start', async () => {
    const lines = [];
    for await (const l of streamLines(pieces(`${'x'.repeat(500)}\nok\n`), 100)) lines.push(l);
    expect(lines[0]!.tooLong).toBe(true);
    expect(lines[0]!.text.length).toBeLessThanOrEqual(100);
    expect(lines[1]).toEqual({ text: 'ok', tooLong: false });
  });

  it('decodes a UTF-8 character split between chunks', async () => {
    const bytes = Buffer.from('é\n');
    const lines = [];
    for await (const l of streamLines(Readable.from([bytes.subarray(0, 1), bytes.subarray(1)]), 10)) lines.push(l.text);
    expect(lines).toEqual(['é']);
  });
});

describe('SMILES files', () => {
  it('one molecule per line: header, blank lines and comments skipped, names from the rest of the line', async () => {
    const records = await read('smiles name\nCCO ethanol\n\n# note\nc1ccccc1 benzene ring\nCN\n', 'smi');
    expect(records.map((r) => [r.name, r.source])).toEqual([
      ['ethanol', 'CCO'],
      ['benzene ring', 'c1ccccc1'],
      ['lib_3', 'CN'],
    ]);
    expect(records.every((r) => r.format === 'smi' && r.active === null && !r.error)).toBe(true);
  });

  it('a line over the record limit is a failed record, not read', async () => {
    const records = await read(`${'C'.repeat(SCREENING_LIMITS.recordBytesMax + 10)} big\nCCO e\n`, 'smi');
    expect(records[0]).toMatchObject({ source: '', error: 'the record is larger than 100 KB' });
    expect(records[1]).toMatchObject({ name: 'e', source: 'CCO' });
  });

  it('the file role marks every record', async () => {
    expect((await read('CCO a\nCCN b\n', 'smi', { role: 'decoy' })).map((r) => r.active)).toEqual([false, false]);
  });
});

describe('SDF and MOL2 files', () => {
  const mol = (title: string) =>
    `${title}\n  RDKit          3D\n\n  1  0  0  0  0  0  0  0  0  0999 V2000\n    0.0000    0.0000    0.0000 C   0  0\nM  END\n`;

  it('SDF: records end at $$$$, named by their title or the file and position', async () => {
    const records = await read(`${mol('first')}$$$$\n${mol('')}> <x>\n1\n\n$$$$\n`, 'sdf');
    expect(records.map((r) => r.name)).toEqual(['first', 'lib_2']);
    expect(records[1]!.source).toContain('> <x>');
    expect(records[0]!.source.endsWith('M  END\n')).toBe(true);
  });

  it('SDF: an oversized record fails alone', async () => {
    const big = `big\n${'x\n'.repeat(SCREENING_LIMITS.recordBytesMax)}$$$$\n${mol('small')}$$$$\n`;
    const records = await read(big, 'sdf');
    expect(records.map((r) => [r.name, r.error ?? null])).toEqual([
      ['big', 'the record is larger than 100 KB'],
      ['small', null],
    ]);
  });

  it('MOL2: records start at @<TRIPOS>MOLECULE, named by the line after it', async () => {
    const block = (name: string) =>
      `@<TRIPOS>MOLECULE\n${name}\n 1 0 0 0 0\nSMALL\nNO_CHARGES\n\n@<TRIPOS>ATOM\n      1 C1   0.0 0.0 0.0 C.3 1 LIG 0.0\n`;
    const records = await read(`# header\n${block('one')}${block('two')}`, 'mol2');
    expect(records.map((r) => r.name)).toEqual(['one', 'two']);
    expect(records[1]!.source.startsWith('@<TRIPOS>MOLECULE\ntwo\n')).toBe(true);
  });
});

describe('CSV files', () => {
  it('finds the SMILES and name columns by their usual names; activity from the named column', async () => {
    const csv = 'Compound_ID,Canonical_SMILES,label\nA1,"CC(=O)O",active\nD1,CCO,0\nX,CCN,\n';
    const records = await read(csv, 'csv', { columns: { activity: 'label' } });
    expect(records.map((r) => [r.name, r.source, r.active])).toEqual([
      ['A1', 'CC(=O)O', true],
      ['D1', 'CCO', false],
      ['X', 'CCN', null],
    ]);
  });

  it('a row without SMILES or with an unknown activity fails alone, with the reason', async () => {
    const records = await read('smiles,name,act\n,empty,1\nCCO,odd,maybe\nCC,fine,1\n', 'csv', {
      columns: { activity: 'act' },
    });
    expect(records.map((r) => r.error ?? null)).toEqual([
      'no SMILES in this row',
      'the activity "maybe" is not 1/0, true/false or active/inactive/decoy',
      null,
    ]);
  });

  it('reads tab and semicolon separated files', async () => {
    expect((await read('smiles\tname\nCCO\tetoh\n', 'csv')).map((r) => r.name)).toEqual(['etoh']);
    expect((await read('smiles;name\nCCO;etoh\n', 'csv')).map((r) => r.source)).toEqual(['CCO']);
  });

  it('a header without a SMILES column stops the read with the reason', async () => {
    await expect(read('name,formula\nx,C2H6O\n', 'csv')).rejects.toThrow('no SMILES column');
  });

  it('csvLayout names what is missing', () => {
    expect(csvLayout('id,smi', {})).toMatchObject({ smiles: 1, name: 0, activity: -1 });
    expect(csvLayout('id,smi', { name: 'title' })).toEqual({ kind: 'missing', column: 'title' });
    expect(csvLayout('id,structure', {})).toEqual({ kind: 'noSmiles' });
    expect(csvLayout('\uFEFFSMILES,Name', {})).toMatchObject({ smiles: 0, name: 1 });
  });

  it('csvFields: quotes, doubled quotes and separators inside quotes', () => {
    expect(csvFields('a,"b,c","say ""hi""", d ')).toEqual(['a', 'b,c', 'say "hi"', 'd']);
  });

  it('activityOf knows the usual labels and nothing else', () => {
    expect(['1', 'TRUE', 'Active', 'yes'].map(activityOf)).toEqual([true, true, true, true]);
    expect(['0', 'false', 'decoy', 'inactive'].map(activityOf)).toEqual([false, false, false, false]);
    expect(activityOf('')).toBeNull();
    expect(activityOf('7.5')).toBeUndefined();
  });
});

describe('UniqueNames', () => {
  it('numbers repeated names from the second on', () => {
    const names = new UniqueNames();
    expect(['a', 'b', 'a', 'a'].map((n) => names.next(n))).toEqual(['a', 'b', 'a (2)', 'a (3)']);
  });
});
