import { describe, expect, it } from 'vitest';
import {
  buildCsvTable,
  CsvParseError,
  compareCells,
  detectNumericColumns,
  filterRows,
  imageCellSrc,
  isNumericText,
  parseCsv,
} from './csv-table';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('isNumericText', () => {
  it('accepts decimals and scientific notation', () => {
    for (const value of ['1', '-2', '+3.5', '.5', '4.', '1e-3', '2.5E+10', ' 7 '])
      expect(isNumericText(value), value).toBe(true);
  });
  it('rejects everything else', () => {
    for (const value of ['', ' ', 'abc', '0x1F', 'Infinity', 'NaN', '1,000', '1.2.3', '--1']) {
      expect(isNumericText(value), value).toBe(false);
    }
  });
});

describe('detectNumericColumns (spec §9)', () => {
  it('needs 80% of the non-empty values to parse', () => {
    const rows = [
      ['1', 'a', '1', ''],
      ['2', 'b', '2', ''],
      ['3', 'c', '3', ''],
      ['4', 'd', 'x', ''],
      ['5', '6', '5', ''],
    ];
    // column 2: 4 of 5 = 80% -> numeric; column 1: 1 of 5; column 3: nothing -> text.
    expect(detectNumericColumns(rows, 4)).toEqual([true, false, true, false]);
  });

  it('ignores empty values', () => {
    expect(detectNumericColumns([['1'], [''], ['  '], ['2']], 1)).toEqual([true]);
  });

  it('only sniffs the first 20 rows', () => {
    const rows = [...Array.from({ length: 20 }, (_, i) => [String(i)]), ...Array.from({ length: 50 }, () => ['text'])];
    expect(detectNumericColumns(rows, 1)).toEqual([true]);
    const late = [...Array.from({ length: 20 }, () => ['text']), ...Array.from({ length: 50 }, (_, i) => [String(i)])];
    expect(detectNumericColumns(late, 1)).toEqual([false]);
  });
});

describe('imageCellSrc (spec §9)', () => {
  it('keeps PNG, JPEG and GIF data URIs', () => {
    expect(imageCellSrc(`data:image/png;base64,${PNG}`)).toBe(`data:image/png;base64,${PNG}`);
    expect(imageCellSrc('data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==')).not.toBeNull();
    expect(imageCellSrc('data:image/gif;base64,R0lGODlhAQABAAAAACw=')).not.toBeNull();
  });

  it('recognises bare base64 by the image signature', () => {
    expect(imageCellSrc(PNG)).toBe(`data:image/png;base64,${PNG}`);
    expect(imageCellSrc('/9j/4AAQSkZJRgABAQAAAQABAAD')).toMatch(/^data:image\/jpeg;base64,/);
    expect(imageCellSrc('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7')).toMatch(
      /^data:image\/gif;base64,/,
    );
  });

  it('leaves other cells alone', () => {
    expect(imageCellSrc('CCO')).toBeNull();
    expect(imageCellSrc('c1ccccc1C(=O)O')).toBeNull();
    expect(
      imageCellSrc('data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4='),
    ).toBeNull();
    expect(imageCellSrc('data:text/html;base64,PGgxPmhpPC9oMT4=')).toBeNull();
    expect(imageCellSrc('aGVsbG8gd29ybGQgdGhpcyBpcyB0ZXh0')).toBeNull();
  });
});

describe('compareCells', () => {
  it('sorts numbers by value with unreadable values last', () => {
    const values = ['10', '-1', '', '2', 'n/a', '1e1'];
    expect([...values].sort((a, b) => compareCells(a, b, true))).toEqual(['-1', '2', '10', '1e1', '', 'n/a']);
  });
  it('sorts text naturally, ignoring case', () => {
    expect(['lig10', 'Lig2', 'lig1'].sort((a, b) => compareCells(a, b, false))).toEqual(['lig1', 'Lig2', 'lig10']);
  });
});

describe('filterRows', () => {
  const rows = [
    ['Aspirin', 'CC(=O)O', PNG],
    ['Caffeine', 'CN1C=NC2', PNG],
  ];
  it('matches any text cell, ignoring case', () => {
    expect(filterRows(rows, 'caff')).toEqual([rows[1]]);
    expect(filterRows(rows, ' CC(=O')).toEqual([rows[0]]);
    expect(filterRows(rows, '')).toBe(rows);
  });
  it('does not search inside images', () => {
    expect(filterRows(rows, 'iVBOR')).toEqual([]);
  });
});

describe('buildCsvTable and parseCsv', () => {
  it('names columns from the header and pads ragged rows', () => {
    const table = buildCsvTable([
      ['name', '', 'name'],
      ['a', '1'],
      ['b', '2', 'x', 'extra'],
    ]);
    expect(table.columns).toEqual(['name', 'Column 2', 'name (2)', 'Column 4']);
    expect(table.rows).toEqual([
      ['a', '1', '', ''],
      ['b', '2', 'x', 'extra'],
    ]);
    expect(table.numeric).toEqual([false, true, false, false]);
  });

  it('parses quoted fields, other delimiters and skips blank lines', () => {
    const table = parseCsv('Rank;Ligand;Score\n1;"lig, one";-7.5\n\n2;lig2;-6.1\n');
    expect(table.columns).toEqual(['Rank', 'Ligand', 'Score']);
    expect(table.rows).toEqual([
      ['1', 'lig, one', '-7.5'],
      ['2', 'lig2', '-6.1'],
    ]);
    expect(table.numeric).toEqual([true, false, true]);
  });

  it('gives an empty table for empty text', () => {
    expect(parseCsv('')).toEqual({ columns: [], rows: [], numeric: [] });
  });

  it('refuses broken quoting', () => {
    expect(() => parseCsv('a,b\n"unterminated,2\n3,4')).toThrow(CsvParseError);
  });
});
