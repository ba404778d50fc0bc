import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { durationParts, formatDuration, formatRate, formatScore } from './format';

describe('screening formats', () => {
  it('give a time left in its two largest units', () => {
    expect(durationParts(42)).toEqual([{ unit: 'seconds', value: 42 }]);
    expect(durationParts(600)).toEqual([{ unit: 'minutes', value: 10 }]);
    expect(durationParts(3600 + 25 * 60)).toEqual([
      { unit: 'hours', value: 1 },
      { unit: 'minutes', value: 25 },
    ]);
    expect(durationParts(2 * 86400 + 3 * 3600 + 59)).toEqual([
      { unit: 'days', value: 2 },
      { unit: 'hours', value: 3 },
    ]);
  });

  it('in words of the interface language', async () => {
    await i18n.changeLanguage('en');
    expect(formatDuration(i18n.t, 3600 + 25 * 60)).toBe('1 h 25 min');
    expect(formatDuration(i18n.t, null)).toBe('-');
    await i18n.changeLanguage('zh-CN');
    expect(formatDuration(i18n.t, 90_000)).toBe('1 天 1 小时');
    await i18n.changeLanguage('en');
  });

  it('round rates and scores', () => {
    expect(formatRate(1234.4)).toBe('1,234');
    expect(formatRate(3.14)).toBe('3.1');
    expect(formatRate(null)).toBeNull();
    expect(formatScore(-9.126)).toBe('-9.13');
    expect(formatScore(null)).toBe('-');
  });
});
