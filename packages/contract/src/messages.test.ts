import { describe, expect, it } from 'vitest';
import { messages, normalizeLang, translate } from './messages';

describe('message catalogue', () => {
  it('has a non-empty text in both languages for every key', () => {
    for (const [key, texts] of Object.entries(messages)) {
      expect(texts.en.length, key).toBeGreaterThan(0);
      expect(texts['zh-CN'].length, key).toBeGreaterThan(0);
    }
  });

  it('keeps the same placeholders in both languages', () => {
    const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, texts] of Object.entries(messages)) {
      expect(names(texts['zh-CN']), key).toEqual(names(texts.en));
    }
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('codeTooFrequent', 'en', { seconds: 42 })).toBe(
      'Please wait 42 seconds before requesting another code.',
    );
    expect(translate('codeTooFrequent', 'en')).toContain('{seconds}');
  });

  it('reproduces spec texts exactly', () => {
    expect(messages.sessionExpired.en).toBe('Your login session has expired, Please relogin and try again.');
    expect(messages.passwordLength.en).toBe('Password must be between 6 and 18 characters long');
    expect(messages.shareCodeLength.en).toBe('Please enter an access code of length 4.');
  });
});

describe('normalizeLang (spec §1)', () => {
  it.each([
    ['zh', 'zh-CN'],
    ['zh-CN', 'zh-CN'],
    ['zh-TW', 'zh-CN'],
    ['ZH-cn', 'zh-CN'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh-CN'],
    ['en-US,en;q=0.9,zh-CN;q=0.8', 'en'],
    ['fr', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeLang(input)).toBe(expected);
  });
});
