import { describe, expect, it } from 'vitest';
import { i18n } from './index';

/**
 * Every literal key passed to t() in the shell, the pages, the workspace and its features exists
 * in English and Chinese. (The login pages carry their own checks.)
 */
const sources = import.meta.glob<string>(
  [
    '../app/**/*.tsx',
    '../pages/{projects,share,workspace,shop,purchase,billing,user-center,low-browser,not-found,docs,admin}/**/*.tsx',
    '../api/*.ts',
    '../workspace/**/*.{ts,tsx}',
    '../features/**/*.{ts,tsx}',
    '../i18n/*.tsx',
    '!**/*.test.*',
  ],
  { eager: true, query: '?raw', import: 'default' },
);

function keysIn(source: string): string[] {
  const ns = /useTranslation\('([\w-]+)'\)/.exec(source)?.[1] ?? 'common';
  const keys: string[] = [];
  for (const match of source.matchAll(/\bt\('([^'${}]+)'/g)) {
    const key = match[1] ?? '';
    keys.push(key.includes(':') ? key : `${ns}:${key}`);
  }
  return keys;
}

describe('translation keys used in components', () => {
  it('finds the sources', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(10);
  });

  for (const [path, source] of Object.entries(sources)) {
    const keys = keysIn(source);
    if (keys.length === 0) continue;
    it(`${path.replace('../', '')}: all keys exist`, () => {
      for (const lang of ['en', 'zh-CN']) {
        const missing = keys.filter((key) => {
          const [ns, ...rest] = key.split(':');
          const options = { ns, lng: lang, fallbackLng: false as const };
          const name = rest.join(':');
          // Plural keys exist as name_one / name_other.
          return !i18n.exists(name, options) && !i18n.exists(`${name}_other`, options);
        });
        expect(missing, lang).toEqual([]);
      }
    });
  }
});
