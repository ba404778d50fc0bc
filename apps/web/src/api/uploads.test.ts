import type { UploadCredentials } from '@medx/contract';
import { describe, expect, it } from 'vitest';
import { partsFor, retryDelays, uploadIdFromUrl } from './uploads';

describe('uploadIdFromUrl', () => {
  it('takes the last path segment of the upload URL', () => {
    expect(uploadIdFromUrl('http://localhost:8094/v1/uploads/abc123')).toBe('abc123');
    expect(uploadIdFromUrl('/v1/uploads/abc123/')).toBe('abc123');
    expect(uploadIdFromUrl('/v1/uploads/a%2Bb?x=1#y')).toBe('a+b');
  });
});

describe('retryDelays', () => {
  it('gives one delay per retry (spec §9: 3)', () => {
    expect(retryDelays(3)).toEqual([1000, 3000, 5000]);
    expect(retryDelays(5)).toEqual([1000, 3000, 5000, 5000, 5000]);
    expect(retryDelays(0)).toEqual([]);
  });
});

describe('partsFor', () => {
  const credentials = { chunk_size: 10, parallel_uploads: 2 } as UploadCredentials;
  it('sends parallel parts only for a file over one chunk, with concatenation', () => {
    expect(partsFor(25, credentials, ['creation', 'concatenation'])).toBe(2);
    expect(partsFor(10, credentials, ['creation', 'concatenation'])).toBe(1);
    expect(partsFor(25, credentials, ['creation', 'termination'])).toBe(1);
  });
});
