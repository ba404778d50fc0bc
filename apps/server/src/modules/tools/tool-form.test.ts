import { ToolParam } from '@medx/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error';
import type { GalaxyParam } from './galaxy-model';
import { buildValues, type Flat, toToolParams, unsupportedParam } from './tool-form';

const base = { label: null, help: null, optional: false, argument: null, viewer: null };

/** A tabular input, a colour and three column choosers, as `load` answers them. */
const PARAMS: GalaxyParam[] = [
  { ...base, name: 'table', type: 'data', format: ['tabular'], multiple: false, min: null, max: null },
  { ...base, name: 'colour', label: 'Colour', type: 'color', value: '#ff8800', rgb: false },
  { ...base, name: 'col', label: 'Column', type: 'data_column', data_ref: 'table', multiple: false, value: '1' },
  { ...base, name: 'cols', type: 'data_column', data_ref: 'table', multiple: true, value: ['2', '4'] },
  { ...base, name: 'maybe', optional: true, type: 'data_column', data_ref: 'table', multiple: false, value: null },
];

const TABLE: Flat = { table: { batch: false, values: [{ id: 'f1', src: 'hda' }] } };
const resolve = () => ({ file_id: 7, ext: 'tabular' });
const build = (flat: Flat) => buildValues(PARAMS, { ...TABLE, ...flat }, resolve);

function refusal(flat: Flat): { key: string; params: Record<string, unknown> } {
  try {
    build(flat);
  } catch (error) {
    if (error instanceof AppError) return { key: error.key, params: error.params };
    throw error;
  }
  throw new Error('accepted');
}

describe('colour and column params', () => {
  it('are supported, and reach the form as the contract says', () => {
    expect(unsupportedParam(PARAMS)).toBeNull();
    const params = toToolParams(PARAMS);
    for (const param of params) expect(ToolParam.safeParse(param).success).toBe(true);
    expect(params.slice(1)).toMatchObject([
      { type: 'color', name: 'colour', default: '#ff8800' },
      { type: 'data_column', name: 'col', data_ref: 'table', multiple: false, default: '1' },
      { type: 'data_column', name: 'cols', multiple: true, default: ['2', '4'] },
      { type: 'data_column', name: 'maybe', optional: true, multiple: false, default: null },
    ]);
  });

  it('take their defaults when not given', () => {
    expect(build({})).toEqual({ table: [{ file_id: 7 }], colour: '#ff8800', col: '1', cols: ['2', '4'], maybe: null });
  });

  it('keep a colour lower case and column numbers as strings', () => {
    const values = build({ colour: '#A0b1C2', col: 3, cols: ['5', 'c1'], maybe: '' });
    expect(values).toMatchObject({ colour: '#a0b1c2', col: '3', cols: ['5', '1'], maybe: null });
    // Galaxy's comma-joined text of a multiple chooser (a workflow's saved state).
    expect(build({ cols: '3, 6' }).cols).toEqual(['3', '6']);
  });

  it('refuse what is not #rrggbb, with the input named', () => {
    for (const colour of ['#fff', 'ff8800', '#ff880', 'red', '#ff8800; id', '']) {
      expect(refusal({ colour })).toEqual({ key: 'toolColorInvalid', params: { input: 'Colour' } });
    }
    expect(refusal({ colour: 3 }).key).toBe('toolColorInvalid');
  });

  it('refuse what is not a column number from 1 up', () => {
    for (const col of ['0', '-1', '1.5', 'x', '1; id', 2.5, -3, '1e3']) {
      expect(refusal({ col })).toEqual({ key: 'toolColumnInvalid', params: { input: 'Column' } });
    }
    expect(refusal({ cols: ['1', 'b'] }).key).toBe('toolColumnInvalid');
    expect(refusal({ col: ['1', '2'] }).key).toBe('toolValueType');
    expect(refusal({ col: true }).key).toBe('toolValueType');
  });

  it('need a column unless optional', () => {
    expect(refusal({ col: '' })).toEqual({ key: 'toolInputRequired', params: { input: 'Column' } });
    expect(refusal({ cols: [] }).key).toBe('toolInputRequired');
    expect(refusal({ cols: null }).key).toBe('toolInputRequired');
    expect(build({ maybe: null }).maybe).toBeNull();
  });

  it('other unsupported Galaxy types still make the tool unsupported', () => {
    const collection = { ...base, name: 'c', type: 'data_collection', unsupported: true } as unknown as GalaxyParam;
    expect(unsupportedParam([...PARAMS, collection])).toBe('c (data_collection)');
  });
});
