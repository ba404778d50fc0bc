import { describe, expect, it } from 'vitest';
import { decideOnLoad, sha256Hex } from './sync-decision';

describe('the project session on load (spec §4)', () => {
  it('neither: a new session of the current view is uploaded', () => {
    expect(decideOnLoad(null, null)).toEqual({ open: 'none', upload: true, conflict: false });
  });

  it('server only: the server copy opens', () => {
    expect(decideOnLoad({ etag: 's1' }, null)).toEqual({ open: 'server', upload: false, conflict: false });
  });

  it('cache only: the cache opens and is uploaded', () => {
    expect(decideOnLoad(null, { etag: 'c1', base: null })).toEqual({ open: 'cache', upload: true, conflict: false });
    // The project's session was removed on the server since: the cache brings it back.
    expect(decideOnLoad(null, { etag: 'c1', base: 's0' })).toEqual({ open: 'cache', upload: true, conflict: false });
  });

  it('the same bytes: the cache opens, nothing is downloaded or sent', () => {
    expect(decideOnLoad({ etag: 's1' }, { etag: 's1', base: 's1' })).toEqual({
      open: 'cache',
      upload: false,
      conflict: false,
    });
  });

  it('cache newer: it grew from the copy the server still has; opened and uploaded', () => {
    expect(decideOnLoad({ etag: 's1' }, { etag: 'c2', base: 's1' })).toEqual({
      open: 'cache',
      upload: true,
      conflict: false,
    });
  });

  it('server newer: another tab or browser saved, this cache has no change of its own', () => {
    expect(decideOnLoad({ etag: 's2' }, { etag: 's1', base: 's1' })).toEqual({
      open: 'server',
      upload: false,
      conflict: false,
    });
  });

  it('conflict: both changed since they agreed; the server copy (the later save) wins and the user is told', () => {
    expect(decideOnLoad({ etag: 's2' }, { etag: 'c9', base: 's1' })).toEqual({
      open: 'server',
      upload: false,
      conflict: true,
    });
    // A cache that never reached the server, beside a server copy made elsewhere.
    expect(decideOnLoad({ etag: 's2' }, { etag: 'c9', base: null })).toEqual({
      open: 'server',
      upload: false,
      conflict: true,
    });
  });
});

describe('etags', () => {
  it('are the SHA-256 of the bytes, as the server computes them', async () => {
    expect(await sha256Hex(new Blob(['abc']))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
