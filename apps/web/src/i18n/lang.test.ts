import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectInitialLang, LANG_STORAGE_KEY, resolveLang, storeLang } from './lang';

describe('resolveLang (spec §1)', () => {
  it('maps a stored value starting with zh to zh-CN', () => {
    expect(resolveLang('zh-CN', 'en-US')).toBe('zh-CN');
    expect(resolveLang('zh', 'en-US')).toBe('zh-CN');
    expect(resolveLang('zh-TW', 'en-US')).toBe('zh-CN');
    expect(resolveLang('ZH_cn', null)).toBe('zh-CN');
  });

  it('lets the browser decide when nothing is stored', () => {
    expect(resolveLang(null, 'zh-CN')).toBe('zh-CN');
    expect(resolveLang(undefined, 'zh-HK')).toBe('zh-CN');
    expect(resolveLang('', 'zh')).toBe('zh-CN');
    expect(resolveLang(null, 'en-GB')).toBe('en');
    expect(resolveLang(null, 'fr-FR')).toBe('en');
  });

  it('falls back to English', () => {
    expect(resolveLang(null, null)).toBe('en');
    expect(resolveLang(null, '')).toBe('en');
  });

  it('keeps a stored English choice on a Chinese browser', () => {
    expect(resolveLang('en', 'zh-CN')).toBe('en');
  });
});

describe('detectInitialLang and storeLang', () => {
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('reads the stored choice under `lang`', () => {
    storeLang('zh-CN');
    expect(localStorage.getItem(LANG_STORAGE_KEY)).toBe('zh-CN');
    expect(detectInitialLang()).toBe('zh-CN');
  });

  it('uses navigator.language without a stored choice', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('zh-CN');
    expect(detectInitialLang()).toBe('zh-CN');
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE');
    expect(detectInitialLang()).toBe('en');
  });
});
