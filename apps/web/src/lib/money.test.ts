import { describe, expect, it } from 'vitest';
import { coreHours, formatFen, formatSignedCoreHours, formatSignedFen, yuanToFen } from './money';

describe('formatFen', () => {
  it('shows yuan with a grouped integer part and always two decimals', () => {
    expect(formatFen(123456)).toBe('¥1,234.56');
    expect(formatFen(0)).toBe('¥0.00');
    expect(formatFen(5)).toBe('¥0.05');
    expect(formatFen(100)).toBe('¥1.00');
    expect(formatFen(1005)).toBe('¥10.05');
    expect(formatFen(10_000_000)).toBe('¥100,000.00');
    expect(formatFen(123_456_789_012)).toBe('¥1,234,567,890.12');
  });

  it('puts the minus sign before the currency sign', () => {
    expect(formatFen(-1200)).toBe('-¥12.00');
    expect(formatFen(-123456)).toBe('-¥1,234.56');
  });

  it('rounds a fraction of a fen rather than showing it', () => {
    expect(formatFen(99.6)).toBe('¥1.00');
    expect(formatFen(-0.2)).toBe('¥0.00');
  });
});

describe('formatSignedFen', () => {
  it('signs gains and losses, not zero', () => {
    expect(formatSignedFen(1200)).toBe('+¥12.00');
    expect(formatSignedFen(-1200)).toBe('-¥12.00');
    expect(formatSignedFen(0)).toBe('¥0.00');
  });
});

describe('yuanToFen', () => {
  it('gives integer fen where a plain product would be off by a float error', () => {
    expect(1.15 * 100).not.toBe(115);
    expect(yuanToFen(1.15)).toBe(115);
    expect(0.29 * 100).not.toBe(29);
    expect(yuanToFen(0.29)).toBe(29);
    expect(yuanToFen(1.005)).toBe(101);
    expect(yuanToFen(19.99)).toBe(1999);
    expect(yuanToFen(100000)).toBe(10_000_000);
    expect(yuanToFen(0)).toBe(0);
    expect(Object.is(yuanToFen(-0.001), 0)).toBe(true);
  });

  it('rounds negatives symmetrically and refuses what is not a number', () => {
    expect(yuanToFen(-1.005)).toBe(-101);
    expect(yuanToFen(-12)).toBe(-1200);
    expect(() => yuanToFen(Number.NaN)).toThrow(RangeError);
    expect(() => yuanToFen(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('returns an integer for every amount typed with two decimals', () => {
    for (let cents = 0; cents <= 100_000; cents += 7) {
      expect(yuanToFen(Number((cents / 100).toFixed(2)))).toBe(cents);
    }
  });
});

describe('coreHours', () => {
  it('turns core-seconds into core-hours with two decimals', () => {
    expect(coreHours(0)).toBe('0.00');
    expect(coreHours(3600)).toBe('1.00');
    expect(coreHours(5400)).toBe('1.50');
    expect(coreHours(36_000_000)).toBe('10000.00');
    expect(coreHours(60)).toBe('0.02');
    expect(coreHours(-900)).toBe('-0.25');
    expect(coreHours(-1)).toBe('0.00');
  });

  it('signs a change of quota, not zero', () => {
    expect(formatSignedCoreHours(36_000)).toBe('+10.00');
    expect(formatSignedCoreHours(-900)).toBe('-0.25');
    expect(formatSignedCoreHours(0)).toBe('0.00');
    expect(formatSignedCoreHours(1)).toBe('0.00');
  });
});
