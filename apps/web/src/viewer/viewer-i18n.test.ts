import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';

/** Every literal viewer:* key used in this folder exists in English and Chinese. */
const sources = import.meta.glob<string>(['./**/*.{ts,tsx}', '!**/*.test.*'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

function keysIn(source: string): string[] {
  const uses = source.includes("useTranslation('viewer')");
  const keys: string[] = [];
  for (const match of source.matchAll(/\bt\('([^'${}]+)'/g)) {
    const key = match[1] ?? '';
    if (key.startsWith('viewer:')) keys.push(key.slice('viewer:'.length));
    else if (uses && !key.includes(':')) keys.push(key);
  }
  // Template keys built from a status name.
  if (source.includes('t(`test.status.')) {
    for (const status of ['idle', 'loading', 'loaded', 'error']) keys.push(`test.status.${status}`);
  }
  return keys;
}

describe('viewer translation keys', () => {
  const keys = [...new Set(Object.values(sources).flatMap(keysIn))];

  it('finds the keys', () => {
    expect(keys.length).toBeGreaterThan(10);
  });

  for (const lng of ['en', 'zh-CN']) {
    it(`exist in ${lng}`, () => {
      expect(keys.filter((key) => !i18n.exists(key, { ns: 'viewer', lng, fallbackLng: false }))).toEqual([]);
    });
  }

  it('keep the spec texts in English', () => {
    const t = i18n.getFixedT('en', 'viewer');
    expect(t('webgl.title')).toBe('WebGL does not seem to be available.');
    expect(t('errors.openFile')).toBe('Open file error.');
  });
});
