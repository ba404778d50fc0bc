import type { ToolConditionalParam, ToolDataParam, ToolParam, ToolRepeatParam } from '@medx/contract';
import { describe, expect, it } from 'vitest';
import {
  acceptsFile,
  addRepeatGroup,
  applyBox,
  dataFileIds,
  expandJobs,
  type FormValues,
  flattenInputs,
  formatResidues,
  initialValues,
  jobCount,
  removeRepeatGroup,
  selectionBox,
  setAt,
  switchConditional,
  validateValues,
} from './form-model';

const base = { label: '', help: null, optional: false, viewer: null };
const data = (name: string, extra: Partial<ToolDataParam> = {}): ToolDataParam => ({
  ...base,
  name,
  type: 'data',
  format: ['pdb'],
  multiple: false,
  is_connection: false,
  connection: null,
  ...extra,
});
const num = (name: string, type: 'integer' | 'float', value: number | null, min: number | null = null, max = null) =>
  ({ ...base, name, type, default: value, min, max }) as ToolParam;
const text = (name: string, value = '') => ({ ...base, name, type: 'text', default: value, area: false }) as ToolParam;

const cond: ToolConditionalParam = {
  ...base,
  name: 'mode',
  type: 'conditional',
  test: {
    ...base,
    name: 'kind',
    type: 'select',
    multiple: false,
    default: null,
    options: [
      { value: 'fast', label: 'Fast' },
      { value: 'slow', label: 'Slow' },
    ],
  },
  when: {
    fast: [num('steps', 'integer', 10, 1, null)],
    slow: [num('steps', 'integer', 100), text('note', 'n/a')],
  },
};

const repeat: ToolRepeatParam = {
  ...base,
  name: 'series',
  type: 'repeat',
  title: 'Series',
  min: 1,
  max: 2,
  params: [text('label', 'x'), data('extra', { optional: true })],
};

const params: ToolParam[] = [
  data('query'),
  data('refs', { multiple: true }),
  {
    ...base,
    name: 'flag',
    type: 'boolean',
    default: true,
  },
  {
    ...base,
    name: 'pick',
    type: 'select',
    multiple: true,
    default: ['a'],
    options: [
      { value: 'a', label: 'A' },
      { value: 'b', label: 'B' },
    ],
  },
  cond,
  { ...base, name: 'adv', type: 'section', title: 'Advanced', expanded: false, params: [num('cut', 'float', 1.5)] },
  repeat,
  { ...base, name: 'secret', type: 'hidden', default: 'h' },
];

describe('form tree', () => {
  it('starts every param at its default; a conditional without one takes its first option', () => {
    expect(initialValues(params)).toEqual({
      query: [],
      refs: [],
      flag: true,
      pick: ['a'],
      mode: { kind: 'fast', steps: 10 },
      adv: { cut: 1.5 },
      series: [{ label: 'x', extra: [] }],
      secret: 'h',
    });
  });

  it('switching the test drops the old branch values and takes the new branch defaults', () => {
    // The edited fast branch (steps 42) is not carried over: only the new test value counts.
    expect(switchConditional(cond, 'slow')).toEqual({ kind: 'slow', steps: 100, note: 'n/a' });
    expect(switchConditional(cond, 'fast')).toEqual({ kind: 'fast', steps: 10 });
    expect(switchConditional(cond, 'none')).toEqual({ kind: 'none' });
  });

  it('adds groups up to max and deletes down to min', () => {
    const one = [{ label: 'y', extra: [] }];
    const two = addRepeatGroup(repeat, one);
    expect(two).toEqual([
      { label: 'y', extra: [] },
      { label: 'x', extra: [] },
    ]);
    expect(addRepeatGroup(repeat, two)).toHaveLength(2);
    expect(removeRepeatGroup(repeat, two, 0)).toEqual([{ label: 'x', extra: [] }]);
    expect(removeRepeatGroup(repeat, one, 0)).toHaveLength(1);
  });

  it('sets values deep in the tree without touching the original', () => {
    const values = initialValues(params);
    const next = setAt(values, ['series', 0, 'label'], 'z');
    expect((next.series as FormValues[])[0]?.label).toBe('z');
    expect((values.series as FormValues[])[0]?.label).toBe('x');
    expect(setAt(values, ['mode', 'steps'], 3).mode).toEqual({ kind: 'fast', steps: 3 });
  });
});

describe('flat tool_inputs', () => {
  it("uses Galaxy's flat names and data values of galaxy ids", () => {
    let values = initialValues(params);
    values = { ...values, query: [1], refs: [2, 3] };
    values = setAt(values, ['mode'], switchConditional(cond, 'slow'));
    values = setAt(values, ['series'], addRepeatGroup(repeat, values.series as FormValues[]));
    values = setAt(values, ['series', 1, 'extra'], [4]);
    const galaxy = (ids: number[]) => ({
      batch: false as const,
      values: ids.map((id) => ({ id: `g${id}`, src: 'hda' as const })),
    });
    expect(flattenInputs(params, values, galaxy)).toEqual({
      query: { batch: false, values: [{ id: 'g1', src: 'hda' }] },
      refs: {
        batch: false,
        values: [
          { id: 'g2', src: 'hda' },
          { id: 'g3', src: 'hda' },
        ],
      },
      flag: true,
      pick: ['a'],
      'mode|kind': 'slow',
      'mode|steps': 100,
      'mode|note': 'n/a',
      'adv|cut': 1.5,
      'series_0|label': 'x',
      'series_0|extra': null,
      'series_1|label': 'x',
      'series_1|extra': { batch: false, values: [{ id: 'g4', src: 'hda' }] },
      secret: 'h',
    });
    expect(dataFileIds(params, values).sort()).toEqual([1, 2, 3, 4]);
  });

  it('keeps a boolean test as a boolean and its branch', () => {
    const boolCond: ToolConditionalParam = {
      ...base,
      name: 'c',
      type: 'conditional',
      test: { ...base, name: 'on', type: 'boolean', default: false },
      when: { true: [text('t', 'yes')], false: [] },
    };
    const values = { c: switchConditional(boolCond, true) };
    expect(flattenInputs([boolCond], values, () => null)).toEqual({ 'c|on': true, 'c|t': 'yes' });
  });
});

describe('cartesian expansion (spec §5)', () => {
  const inputs = [data('a'), data('b'), data('m', { multiple: true })];
  it('makes one job per combination of files on non-multiple inputs', () => {
    const jobs = expandJobs(inputs, { a: [1, 2], b: [3, 4, 5], m: [6, 7] });
    expect(jobs).toHaveLength(6);
    expect(jobs[0]).toEqual({ a: [1], b: [3], m: [6, 7] });
    expect(jobs[5]).toEqual({ a: [2], b: [5], m: [6, 7] });
    expect(jobCount(inputs, { a: [1, 2], b: [3, 4, 5], m: [6, 7] })).toBe(6);
  });

  it('is one job with one file each, and empty optional inputs stay empty', () => {
    expect(expandJobs(inputs, { a: [1], b: [2] })).toEqual([{ a: [1], b: [2], m: [] }]);
    expect(jobCount(inputs, { a: [1, 9], b: [2] })).toBe(2);
  });
});

describe('validation', () => {
  it('needs required values and numbers within their limits', () => {
    const values = setAt(initialValues(params), ['mode', 'steps'], 0);
    expect(validateValues(params, values)).toEqual([
      { key: 'query', kind: 'required' },
      { key: 'refs', kind: 'required' },
      { key: 'mode|steps', kind: 'min', limit: 1 },
    ]);
    const fixed = { ...values, query: [1], refs: [2], mode: { kind: 'fast', steps: 2.5 } };
    expect(validateValues(params, fixed)).toEqual([{ key: 'mode|steps', kind: 'integer' }]);
  });
});

describe('colour and column params', () => {
  const colour: ToolParam = { ...base, name: 'colour', type: 'color', default: '#ff8800' };
  const column = (name: string, multiple: boolean, value: string | string[] | null, optional = false): ToolParam => ({
    ...base,
    name,
    optional,
    type: 'data_column',
    data_ref: 'table',
    multiple,
    default: value,
  });
  const form = [data('table'), colour, column('col', false, '1'), column('cols', true, ['2', '4'])];
  const optional = [column('maybe', false, null, true), column('some', true, [], true)];

  it('start at their defaults', () => {
    expect(initialValues([...form, ...optional])).toEqual({
      table: [],
      colour: '#ff8800',
      col: '1',
      cols: ['2', '4'],
      maybe: null,
      some: [],
    });
  });

  it('flatten to Galaxy values: a lower-case colour, column numbers as strings', () => {
    const values = { table: [1], colour: '#A0B1C2', col: 3, cols: ['5', '1'], maybe: '', some: [] };
    expect(flattenInputs([...form, ...optional], values, () => null)).toEqual({
      table: null,
      colour: '#a0b1c2',
      col: '3',
      cols: ['5', '1'],
      maybe: null,
      some: [],
    });
  });

  it('validate a colour as #rrggbb and columns as numbers from 1', () => {
    const values = { table: [1], colour: '#ff880', col: '0', cols: ['2', 'x'] };
    expect(validateValues(form, values)).toEqual([
      { key: 'colour', kind: 'color' },
      { key: 'col', kind: 'column' },
      { key: 'cols', kind: 'column' },
    ]);
    expect(validateValues(form, { ...values, colour: '#FF8800', col: null, cols: [] })).toEqual([
      { key: 'col', kind: 'required' },
      { key: 'cols', kind: 'required' },
    ]);
    expect(validateValues(optional, { maybe: null, some: [] })).toEqual([]);
    expect(validateValues(form, { ...values, colour: '#ff8800', col: '12', cols: ['3'] })).toEqual([]);
  });
});

describe('file formats', () => {
  it("accepts anything for 'data', text-like files for 'txt', else the extension", () => {
    expect(acceptsFile(['data'], 'bin')).toBe(true);
    expect(acceptsFile(['txt'], 'pdb')).toBe(true);
    expect(acceptsFile(['txt'], 'png')).toBe(false);
    expect(acceptsFile(['pdb'], 'PDB')).toBe(true);
    expect(acceptsFile(['pdb'], 'sdf')).toBe(false);
    expect(acceptsFile(['fasta'], 'fa')).toBe(true);
    expect(acceptsFile(['sdf', 'mol2'], 'mol2')).toBe(true);
  });
});

describe('Med View selections', () => {
  const pocket = { center_x: 1, center_y: 2, center_z: 3, size_x: 10, size_y: 11, size_z: 12 };
  it('fills a Vina tool center and size params beside a docking_box param', () => {
    const level: ToolParam[] = [
      { ...text('box'), viewer: 'docking_box' },
      num('center_x', 'float', 0),
      num('center_y', 'float', 0),
      num('center_z', 'float', 0),
      num('size_x', 'float', 20),
      num('size_y', 'float', 20),
      num('size_z', 'float', 20),
    ];
    const values = initialValues(level);
    expect(applyBox(level, values, level[0] as ToolParam, pocket)).toEqual({ ...values, ...pocket });
  });

  it('fills the siblings of a Vina centre param that carries the viewer kind (in a conditional branch)', () => {
    const branch: ToolParam[] = [
      { ...num('center_x', 'float', 0), viewer: 'docking_box' },
      num('center_y', 'float', 0),
      num('center_z', 'float', 0),
      num('size_x', 'float', 22.5),
      num('size_y', 'float', 22.5),
      num('size_z', 'float', 22.5),
    ];
    const level = { source: 'manual', ...initialValues(branch) };
    expect(applyBox(branch, level, branch[0] as ToolParam, pocket)).toEqual({ source: 'manual', ...pocket });
  });

  it('fills a section holding them, or a lone text param with the six numbers', () => {
    const section: ToolParam = {
      ...base,
      name: 'grid',
      type: 'section',
      title: 'Grid',
      expanded: true,
      viewer: 'box',
      params: [num('center_x', 'float', 0), num('size_x', 'float', 0)],
    };
    expect(applyBox([section], initialValues([section]), section, pocket)).toEqual({
      grid: { center_x: 1, size_x: 10 },
    });
    const lone = { ...text('box'), viewer: 'box' as const };
    expect(applyBox([lone], { box: '' }, lone, pocket)).toEqual({ box: '1 2 3 10 11 12' });
  });

  it('boxes the selected atoms with padding', () => {
    expect(selectionBox([0, 0, 0, 2, 4, 6], 1)).toEqual({
      center_x: 1,
      center_y: 2,
      center_z: 3,
      size_x: 4,
      size_y: 6,
      size_z: 8,
    });
    expect(selectionBox([], 5)).toBeNull();
  });

  it('formats residues once each with their chain', () => {
    expect(
      formatResidues([
        { chain: 'A', seq: 45, insCode: '' },
        { chain: 'A', seq: 45, insCode: '' },
        { chain: 'B', seq: 7, insCode: 'A' },
      ]),
    ).toBe('A:45 B:7A');
  });
});
