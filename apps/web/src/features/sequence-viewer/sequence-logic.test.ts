import { describe, expect, it } from 'vitest';
import {
  changeSelection,
  chooseSequenceView,
  initialSelection,
  MAX_SEQUENCE_ROWS,
  messageKey,
  type Option,
  type OptionSource,
  reconcileSelection,
  sequenceNumberPeriod,
  sequenceRows,
} from './sequence-logic';

/**
 * Two structures: S1 with a protein entity (chains A, B; B has two operators) and a ligand
 * entity (chain C); S2 with one entity and a chain. Options as Mol*'s builders give them.
 */
const source: OptionSource = {
  structures: () => [
    ['S1', 'complex'],
    ['S2', 'apo'],
  ],
  entities: (ref, polymersOnly) => {
    if (ref === 'S2') return [['0|1', '1: Apo']];
    const all: Option<string>[] = [
      ['0|1', '1: Protein'],
      ['0|2', '2: Ligand'],
    ];
    return polymersOnly ? all.slice(0, 1) : all;
  },
  chains: (ref, entity) => {
    if (ref === 'S2') return [[7, 'Z']];
    return entity === '0|1'
      ? [
          [0, 'A'],
          [1, 'B'],
        ]
      : [[2, 'C']];
  },
  operators: (_ref, _entity, chain) =>
    chain === 1
      ? [
          ['op1', '1'],
          ['op2', '2'],
        ]
      : [['op1', '1']],
};

describe('sequence numbering (spec §9)', () => {
  it('numbers every 10 residues, every 5 or every one for short chains', () => {
    expect(sequenceNumberPeriod(250, '300')).toBe(10);
    expect(sequenceNumberPeriod(11, '11')).toBe(10);
    // Ten residues or fewer: every 5th when the numbers have more than one digit…
    expect(sequenceNumberPeriod(10, '10')).toBe(5);
    expect(sequenceNumberPeriod(3, '152')).toBe(5);
    // …and every residue when they all have one digit.
    expect(sequenceNumberPeriod(9, '9')).toBe(1);
    expect(sequenceNumberPeriod(1, '1')).toBe(1);
  });
});

describe('sequence view kind (spec §9: residue view up to 5000)', () => {
  const polymer = { polymer: true, atomic: true, polymerElementCount: 300, residueCount: 300 };
  it('shows residues up to 5000 and whole chains or elements beyond', () => {
    expect(chooseSequenceView({ ...polymer, entitySequenceLength: 5000 })).toBe('residue');
    expect(chooseSequenceView({ ...polymer, entitySequenceLength: 5001 })).toBe('chain');
    expect(chooseSequenceView({ ...polymer, entitySequenceLength: null })).toBe('chain');
    // Coarse models: elements, unless there are too many of them.
    expect(chooseSequenceView({ ...polymer, atomic: false, entitySequenceLength: 9000 })).toBe('element');
    expect(
      chooseSequenceView({ ...polymer, atomic: false, entitySequenceLength: 9000, polymerElementCount: 5001 }),
    ).toBe('chain');
  });

  it('lists non-polymer residues, up to the same limit', () => {
    const ligand = { polymer: false, atomic: true, entitySequenceLength: null, polymerElementCount: 0 };
    expect(chooseSequenceView({ ...ligand, residueCount: 1 })).toBe('hetero');
    expect(chooseSequenceView({ ...ligand, residueCount: 5001 })).toBe('chain');
  });
});

describe('sequence mode and selection resets (spec §4)', () => {
  it('starts from the first of everything', () => {
    expect(initialSelection(source)).toEqual({
      structureRef: 'S1',
      modelEntityId: '0|1',
      chainGroupId: 0,
      operatorKey: 'op1',
      mode: 'single',
    });
  });

  it('resets what depends on a changed structure, entity or chain', () => {
    let state = initialSelection(source);
    state = changeSelection(state, { name: 'chain', value: 1 }, source);
    state = changeSelection(state, { name: 'operator', value: 'op2' }, source);
    expect(state).toMatchObject({ chainGroupId: 1, operatorKey: 'op2' });
    // A new chain: its first operator.
    expect(changeSelection(state, { name: 'chain', value: 0 }, source)).toMatchObject({ operatorKey: 'op1' });
    // A new entity: its first chain and operator.
    expect(changeSelection(state, { name: 'entity', value: '0|2' }, source)).toMatchObject({
      modelEntityId: '0|2',
      chainGroupId: 2,
      operatorKey: 'op1',
    });
    // A new structure: everything below it.
    expect(changeSelection(state, { name: 'structure', value: 'S2' }, source)).toEqual({
      structureRef: 'S2',
      modelEntityId: '0|1',
      chainGroupId: 7,
      operatorKey: 'op1',
      mode: 'single',
    });
  });

  it('keeps the choice when switching to polymers or everything, and starts over back in Chain mode', () => {
    let state = changeSelection(initialSelection(source), { name: 'entity', value: '0|2' }, source);
    state = changeSelection(state, { name: 'mode', value: 'all' }, source);
    expect(state).toMatchObject({ mode: 'all', modelEntityId: '0|2', chainGroupId: 2 });
    expect(changeSelection(state, { name: 'mode', value: 'all' }, source)).toBe(state);
    expect(changeSelection(state, { name: 'mode', value: 'single' }, source)).toMatchObject({
      mode: 'single',
      modelEntityId: '0|1',
      chainGroupId: 0,
    });
  });

  it('keeps the selection while its structure stays loaded', () => {
    const state = changeSelection(initialSelection(source), { name: 'structure', value: 'S2' }, source);
    expect(reconcileSelection(state, source)).toBe(state);
    const gone: OptionSource = { ...source, structures: () => [['S1', 'complex']] };
    expect(reconcileSelection({ ...state, mode: 'polymers' }, gone)).toMatchObject({
      structureRef: 'S1',
      mode: 'polymers',
    });
  });
});

describe('rows in polymers / everything mode (spec §9: at most 30)', () => {
  it('lists every entity, chain and operator; polymers leave the ligand out', () => {
    const all = sequenceRows(source, 'S1', 'all');
    expect(all.rows.map((r) => r.label)).toEqual([
      'A | 1: Protein',
      'B | 1: Protein',
      'B | 1: Protein',
      'C | 2: Ligand',
    ]);
    expect(all.rows.map((r) => r.operatorKey)).toEqual(['op1', 'op1', 'op2', 'op1']);
    expect(sequenceRows(source, 'S1', 'polymers').rows).toHaveLength(3);
  });

  it('stops at the row limit and says so', () => {
    const many: OptionSource = {
      ...source,
      chains: () => Array.from({ length: 40 }, (_, i) => [i, `C${i}`] as const),
      operators: () => [['op1', '1']],
    };
    const result = sequenceRows(many, 'S1', 'polymers');
    expect(result.rows).toHaveLength(MAX_SEQUENCE_ROWS);
    expect(result.truncated).toBe(true);
    expect(sequenceRows(many, 'S1', 'polymers', 40).truncated).toBe(false);
  });

  it('skips placeholder options (too many, none)', () => {
    const capped: OptionSource = { ...source, chains: () => [[-1, 'Too many chains']] };
    expect(sequenceRows(capped, 'S1', 'all').rows).toEqual([]);
  });
});

describe("spec §5's sequence messages", () => {
  it('maps the option placeholders to message keys', () => {
    expect(messageKey('Too many entities')).toBe('tooManyEntities');
    expect(messageKey('Too many chains')).toBe('tooManyChains');
    expect(messageKey('Too many operators')).toBe('tooManyOperators');
    expect(messageKey('No structure')).toBe('noStructure');
    expect(messageKey('No sequence available')).toBe('noSequence');
    expect(messageKey('1: Protein')).toBeNull();
  });
});
