import { describe, expect, it } from 'vitest';
import { decodeHybrid36, encodeHybrid36 } from './hybrid36';

describe('hybrid-36', () => {
  it('is decimal within the width', () => {
    expect(encodeHybrid36(42, 5)).toBe('   42');
    expect(encodeHybrid36(99999, 5)).toBe('99999');
    expect(decodeHybrid36('  -12', 4)).toBe(-12);
  });

  it('continues with upper- then lower-case base 36 (the CCTBX definition)', () => {
    expect(encodeHybrid36(100000, 5)).toBe('A0000');
    expect(encodeHybrid36(10000, 4)).toBe('A000');
    expect(decodeHybrid36('A0001', 5)).toBe(100001);
    const firstLower = 100000 + 26 * 36 ** 4;
    expect(encodeHybrid36(firstLower, 5)).toBe('a0000');
    for (const n of [0, 1, 99999, 100000, 123456, firstLower - 1, firstLower, firstLower + 777]) {
      expect(decodeHybrid36(encodeHybrid36(n, 5), 5)).toBe(n);
    }
  });

  it('rejects what is not a number', () => {
    expect(decodeHybrid36('*****', 5)).toBeNaN();
    expect(decodeHybrid36('', 4)).toBeNaN();
    expect(() => encodeHybrid36(100000 + 52 * 36 ** 4, 5)).toThrow(RangeError);
  });
});
