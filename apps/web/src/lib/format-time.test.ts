import { describe, expect, it } from 'vitest';
import { formatGmtOffset, formatTime, parseApiTime } from './format-time';

describe('parseApiTime', () => {
  it('treats strings without a zone as UTC', () => {
    expect(parseApiTime('2024-05-01T06:03:05')?.toISOString()).toBe('2024-05-01T06:03:05.000Z');
    expect(parseApiTime('2024-05-01 06:03:05')?.toISOString()).toBe('2024-05-01T06:03:05.000Z');
    expect(parseApiTime('2024-05-01 06:03:05.123')?.toISOString()).toBe('2024-05-01T06:03:05.123Z');
    expect(parseApiTime('2024-05-01')?.toISOString()).toBe('2024-05-01T00:00:00.000Z');
  });

  it('keeps an explicit zone', () => {
    expect(parseApiTime('2024-05-01T14:03:05+08:00')?.toISOString()).toBe('2024-05-01T06:03:05.000Z');
    expect(parseApiTime('2024-05-01T06:03:05Z')?.toISOString()).toBe('2024-05-01T06:03:05.000Z');
    expect(parseApiTime('2024-05-01T01:03:05-0500')?.toISOString()).toBe('2024-05-01T06:03:05.000Z');
  });

  it('rejects empty and unreadable values', () => {
    expect(parseApiTime('')).toBeNull();
    expect(parseApiTime('yesterday')).toBeNull();
  });
});

describe('formatGmtOffset', () => {
  it('gives whole and fractional hours with a sign', () => {
    expect(formatGmtOffset(480)).toBe('GMT+8');
    expect(formatGmtOffset(-300)).toBe('GMT-5');
    expect(formatGmtOffset(330)).toBe('GMT+5.5');
    expect(formatGmtOffset(345)).toBe('GMT+5.75');
    expect(formatGmtOffset(0)).toBe('GMT+0');
  });
});

describe('formatTime', () => {
  it('shows year/month/day, the GMT offset, then hh:mm:ss in the given zone', () => {
    expect(formatTime('2024-05-01T06:03:05', { offsetMinutes: 480 })).toBe('2024/05/01 GMT+8 14:03:05');
    expect(formatTime('2024-05-01 06:03:05', { offsetMinutes: 0 })).toBe('2024/05/01 GMT+0 06:03:05');
  });

  it('crosses the date line when the offset does', () => {
    expect(formatTime('2024-12-31T20:00:00Z', { offsetMinutes: 480 })).toBe('2025/01/01 GMT+8 04:00:00');
    expect(formatTime('2024-03-01T02:00:00Z', { offsetMinutes: -300 })).toBe('2024/02/29 GMT-5 21:00:00');
  });

  it("uses the browser's zone by default", () => {
    const date = new Date('2024-05-01T06:03:05Z');
    const offset = -date.getTimezoneOffset();
    expect(formatTime('2024-05-01T06:03:05Z')).toBe(formatTime(date, { offsetMinutes: offset }));
    expect(formatTime('2024-05-01T06:03:05Z')).toContain(formatGmtOffset(offset));
  });

  it('shows a placeholder for missing values', () => {
    expect(formatTime(null)).toBe('-');
    expect(formatTime(undefined, { empty: '' })).toBe('');
    expect(formatTime('not a date')).toBe('-');
  });
});
