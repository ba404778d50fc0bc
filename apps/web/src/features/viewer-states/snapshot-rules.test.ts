import { describe, expect, it } from 'vitest';
import {
  entryActions,
  isStateSnapshot,
  keyError,
  missingFileIds,
  nameError,
  snapshotFromJson,
  stateFileKind,
  stateFileName,
} from './snapshot-rules';

const entries = [
  { id: 'd', name: 'default' },
  { id: 'a', name: 'Pocket', key: 'pocket' },
  { id: 'b', name: 'Overview' },
];

describe('snapshot names (spec §6)', () => {
  it('requires a name, refuses "default", a duplicate and more than 30 characters', () => {
    expect(nameError('', entries)).toBe('nameRequired');
    expect(nameError('   ', entries)).toBe('nameRequired');
    expect(nameError('default', entries)).toBe('nameReserved');
    expect(nameError(' Default ', entries)).toBe('nameReserved');
    expect(nameError('Pocket', entries)).toBe('nameExists');
    expect(nameError(' Pocket ', entries)).toBe('nameExists');
    expect(nameError('x'.repeat(31), entries)).toBe('nameTooLong');
    expect(nameError('x'.repeat(30), entries)).toBeNull();
    // 30 characters counted as code points, not UTF-16 units.
    expect(nameError('口'.repeat(30), entries)).toBeNull();
    expect(nameError('😀'.repeat(30), entries)).toBeNull();
    expect(nameError('Binding site', entries)).toBeNull();
  });

  it('lets an entry keep its own name when it is updated', () => {
    expect(nameError('Pocket', entries, 'a')).toBeNull();
    expect(nameError('Overview', entries, 'a')).toBe('nameExists');
  });
});

describe('snapshot keys', () => {
  it('are optional and unique among the entries (the edited one aside)', () => {
    expect(keyError('', entries)).toBeNull();
    expect(keyError('pocket', entries)).toBe('keyUnique');
    expect(keyError(' pocket ', entries)).toBe('keyUnique');
    expect(keyError('pocket', entries, 'a')).toBeNull();
    expect(keyError('overview', entries)).toBeNull();
  });
});

describe('what an entry offers', () => {
  it('the built-in default only applies', () => {
    expect([...entryActions(entries[0]!, 0, entries)]).toEqual(['apply']);
  });

  it('nothing moves above the default or past the ends', () => {
    const first = entryActions(entries[1]!, 1, entries);
    expect(first.has('up')).toBe(false);
    expect(first.has('down')).toBe(true);
    expect(first.has('remove') && first.has('replace') && first.has('update')).toBe(true);
    const last = entryActions(entries[2]!, 2, entries);
    expect(last.has('up')).toBe(true);
    expect(last.has('down')).toBe(false);
    // Without a default the first entry cannot move up either.
    const plain = entries.slice(1);
    expect(entryActions(plain[0]!, 0, plain).has('up')).toBe(false);
    expect(entryActions(plain[1]!, 1, plain).has('up')).toBe(true);
  });
});

describe('state files', () => {
  it('opens .medj as JSON, .med and .molx as zip, and nothing else', () => {
    expect(stateFileKind('view.medj')).toBe('json');
    expect(stateFileKind('VIEW.MEDJ')).toBe('json');
    expect(stateFileKind('view.molj')).toBe('json');
    expect(stateFileKind('view.med')).toBe('zip');
    expect(stateFileKind('default.molx')).toBe('zip');
    expect(stateFileKind('view.json')).toBeNull();
    expect(stateFileKind('view.medx')).toBeNull();
    expect(stateFileKind('receptor.pdb')).toBeNull();
  });

  it('names saved files by a prefix and the date and time', () => {
    const at = new Date(2026, 10, 5, 7, 8, 9);
    expect(stateFileName('medj', at)).toBe('medx-state_2026-11-05_07-08-09.medj');
    expect(stateFileName('med', at)).toBe('medx-state_2026-11-05_07-08-09.med');
    expect(stateFileName('molx', at)).toBe('medx-session_2026-11-05_07-08-09.molx');
  });

  it('reads a snapshot or Mol*’s remote wrapper; anything else is no state', () => {
    const snapshot = { timestamp: 1, entries: [] };
    expect(isStateSnapshot(snapshot)).toBe(true);
    expect(snapshotFromJson(JSON.stringify(snapshot))).toEqual(snapshot);
    expect(snapshotFromJson(JSON.stringify({ id: 'x', name: 'n', data: snapshot }))).toEqual(snapshot);
    expect(snapshotFromJson('{"timestamp": 1}')).toBeNull();
    expect(snapshotFromJson('{"entries": []}')).toBeNull();
    expect(snapshotFromJson('[1,2]')).toBeNull();
    expect(snapshotFromJson('null')).toBeNull();
    expect(snapshotFromJson('{not json')).toBeNull();
    expect(snapshotFromJson('')).toBeNull();
  });
});

describe('files a state shows that the project lost', () => {
  it('lists each missing id once, in order', () => {
    expect(missingFileIds([5, 3, 5, 9], new Set([3]))).toEqual([5, 9]);
    expect(missingFileIds([3], new Set([3, 4]))).toEqual([]);
    expect(missingFileIds([], new Set())).toEqual([]);
  });
});
