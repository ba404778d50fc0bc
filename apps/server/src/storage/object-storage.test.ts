import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  InvalidKeyError,
  normalizePrefix,
  ObjectTooLargeError,
  objectKey,
  readAll,
  validateKey,
} from './object-storage';

describe('validateKey', () => {
  it.each(['a', 'projects/12/0123456789abcdef0123456789abcdef.pdb', 'A-Z_a-z.0-9/x', '.hidden', 'a/..b/c..'])(
    'accepts %j',
    (key) => {
      expect(validateKey(key)).toBe(key);
    },
  );

  it.each([
    ['empty', ''],
    ['parent', '..'],
    ['parent segment', '../x'],
    ['nested parent', 'a/../../x'],
    ['current', './x'],
    ['absolute', '/abs'],
    ['trailing slash', 'a/'],
    ['empty segment', 'a//b'],
    ['backslash', 'a\\b'],
    ['NUL', 'a\0b'],
    ['space', 'a b'],
    ['non-ASCII', 'é.pdb'],
    ['colon', 'c:x'],
    ['too long', 'a'.repeat(1025)],
  ])('rejects %s', (_, key) => {
    expect(() => validateKey(key)).toThrow(InvalidKeyError);
  });
});

describe('normalizePrefix', () => {
  it('treats a prefix as a folder', () => {
    expect(normalizePrefix('')).toBe('');
    expect(normalizePrefix('projects/1')).toBe('projects/1/');
    expect(normalizePrefix('projects/1/')).toBe('projects/1/');
  });

  it.each(['/', '/abs', '../x', 'a//', 'a\\b'])('rejects %j', (prefix) => {
    expect(() => normalizePrefix(prefix)).toThrow(InvalidKeyError);
  });
});

describe('objectKey', () => {
  it('names an object projects/<id>/<random id without dashes>.<ext>', () => {
    expect(objectKey(42, 'pdb')).toMatch(/^projects\/42\/[0-9a-f]{32}\.pdb$/);
    expect(objectKey('7', 'sdf')).toMatch(/^projects\/7\/[0-9a-f]{32}\.sdf$/);
  });

  it('lower-cases the extension and tolerates the dot path.extname() gives', () => {
    expect(objectKey(1, 'PDBQT')).toMatch(/\.pdbqt$/);
    expect(objectKey(1, '.Mol2')).toMatch(/\.mol2$/);
  });

  it('never repeats a name', () => {
    const keys = new Set(Array.from({ length: 1000 }, () => objectKey(1, 'pdb')));
    expect(keys.size).toBe(1000);
  });

  it.each(['', 'tar.gz', 'a/b', '../x', 'abcdefghijklm', 'pdb ', 'é', '..'])('rejects the extension %j', (ext) => {
    expect(() => objectKey(1, ext)).toThrow(InvalidKeyError);
  });

  it.each([-1, 1.5, Number.NaN, '..', '../1', 'a/b', ''])('rejects the project id %j', (id) => {
    expect(() => objectKey(id, 'pdb')).toThrow(InvalidKeyError);
  });
});

describe('readAll', () => {
  it('reads a stream up to maxBytes and no further', async () => {
    expect((await readAll(Readable.from([Buffer.from('ab'), 'cd']), 'k', 4)).toString()).toBe('abcd');
    const stream = Readable.from([Buffer.from('ab'), Buffer.from('cde')]);
    await expect(readAll(stream, 'k', 4)).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(stream.destroyed).toBe(true);
  });
});
