import { describe, expect, it } from 'vitest';
import { fileIdsFromQuery } from './ViewerTestPage';

describe('/viewer-test ?file=', () => {
  it('reads one id or a comma-separated list, in order', () => {
    expect(fileIdsFromQuery('7')).toEqual([7]);
    expect(fileIdsFromQuery('7,3,12')).toEqual([7, 3, 12]);
  });

  it('loads nothing when absent or when any id is not a positive integer', () => {
    expect(fileIdsFromQuery(null)).toEqual([]);
    expect(fileIdsFromQuery('')).toEqual([]);
    expect(fileIdsFromQuery('7,x')).toEqual([]);
    expect(fileIdsFromQuery('0')).toEqual([]);
    expect(fileIdsFromQuery('1.5')).toEqual([]);
    expect(fileIdsFromQuery('7,,8')).toEqual([]);
  });
});
