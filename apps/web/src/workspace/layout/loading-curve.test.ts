import { describe, expect, it } from 'vitest';
import { LOADING_CAP, progressAt } from './loading-curve';

describe('progressAt', () => {
  it('starts at 0 and reaches 80% at 60% of the 20 s horizon', () => {
    expect(progressAt(0)).toBe(0);
    expect(progressAt(-5)).toBe(0);
    expect(progressAt(6_000)).toBeCloseTo(40);
    expect(progressAt(12_000)).toBeCloseTo(80);
  });

  it('then slows down and stops at 95%', () => {
    const fast = progressAt(4_000) - progressAt(2_000);
    const slow = progressAt(16_000) - progressAt(14_000);
    expect(slow).toBeLessThan(fast);
    expect(progressAt(20_000)).toBeCloseTo(95);
    expect(progressAt(60_000)).toBe(LOADING_CAP);
    expect(progressAt(Number.POSITIVE_INFINITY)).toBe(LOADING_CAP);
    expect(progressAt(Number.NaN)).toBe(0);
  });

  it('never goes back', () => {
    let last = 0;
    for (let ms = 0; ms <= 30_000; ms += 250) {
      const value = progressAt(ms);
      expect(value).toBeGreaterThanOrEqual(last);
      expect(value).toBeLessThanOrEqual(95);
      last = value;
    }
  });
});
