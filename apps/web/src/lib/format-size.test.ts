import { describe, expect, it } from 'vitest';
import { formatSize } from './format-size';

describe('formatSize (spec §9)', () => {
  it('uses base 1024 and 2 decimals', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(1)).toBe('1.00 B');
    expect(formatSize(1023)).toBe('1023.00 B');
    expect(formatSize(1024)).toBe('1.00 KB');
    expect(formatSize(1536)).toBe('1.50 KB');
    expect(formatSize(10 * 1024 * 1024)).toBe('10.00 MB');
    expect(formatSize(1024 ** 3 * 2.345)).toBe('2.35 GB');
    expect(formatSize(1024 ** 4)).toBe('1.00 TB');
  });

  it('stays in TB past it', () => {
    expect(formatSize(1024 ** 5)).toBe('1024.00 TB');
  });

  it('shows a placeholder for missing or invalid sizes', () => {
    expect(formatSize(null)).toBe('-');
    expect(formatSize(undefined)).toBe('-');
    expect(formatSize(-1)).toBe('-');
    expect(formatSize(Number.NaN, '')).toBe('');
  });
});
