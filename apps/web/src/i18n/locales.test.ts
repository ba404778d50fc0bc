import { messages } from '@medx/contract';
import { describe, expect, it } from 'vitest';
import { buildResources, CATALOGUE_NS, catalogueNamespace, i18n } from './index';

/** Every locale file, found by listing the folder (so new namespaces are checked too). */
const files = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' });

function flatKeys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => flatKeys(child, prefix ? `${prefix}.${key}` : key));
}

function byLang(lang: string): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [path, content] of Object.entries(files)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (match?.[1] === lang && match[2]) out.set(match[2], content);
  }
  return out;
}

describe('locale files', () => {
  const en = byLang('en');
  const zh = byLang('zh-CN');

  it('exist for both languages with the same namespaces', () => {
    expect(en.size).toBeGreaterThanOrEqual(2);
    expect([...zh.keys()].sort()).toEqual([...en.keys()].sort());
  });

  for (const ns of new Set([...en.keys(), ...zh.keys()])) {
    it(`${ns}: every en key exists in zh-CN and vice versa`, () => {
      const enKeys = flatKeys(en.get(ns)).sort();
      const zhKeys = flatKeys(zh.get(ns)).sort();
      expect(
        enKeys.filter((k) => !zhKeys.includes(k)),
        `missing in zh-CN/${ns}.json`,
      ).toEqual([]);
      expect(
        zhKeys.filter((k) => !enKeys.includes(k)),
        `missing in en/${ns}.json`,
      ).toEqual([]);
    });

    it(`${ns}: no empty texts`, () => {
      for (const lang of [en, zh]) {
        const walk = (value: unknown, path: string) => {
          if (typeof value === 'string') expect(value.trim(), path).not.toBe('');
          else if (value && typeof value === 'object') {
            for (const [k, v] of Object.entries(value)) walk(v, `${path}.${k}`);
          }
        };
        walk(lang.get(ns), ns);
      }
    });
  }
});

describe('message catalogue namespace', () => {
  it('holds every catalogue key in both languages with i18next placeholders', () => {
    const en = catalogueNamespace('en');
    expect(Object.keys(en).sort()).toEqual(Object.keys(messages).sort());
    expect(en.codeTooFrequent).toBe('Please wait {{seconds}} seconds before requesting another code.');
    expect(catalogueNamespace('zh-CN').sessionExpired).toBe(messages.sessionExpired['zh-CN']);
  });

  it('renders through i18next with parameters', async () => {
    await i18n.changeLanguage('en');
    expect(i18n.t(`${CATALOGUE_NS}:codeTooFrequent`, { seconds: 42 })).toBe(
      'Please wait 42 seconds before requesting another code.',
    );
    expect(i18n.t(`${CATALOGUE_NS}:projectNameRequired`)).toBe('Please input your project name');
  });

  it('buildResources splits paths into language and namespace', () => {
    const resources = buildResources({ './locales/en/demo.json': { a: 'A' }, './other.json': { b: 'B' } });
    expect(resources.en?.demo).toEqual({ a: 'A' });
    expect(resources['zh-CN']?.[CATALOGUE_NS]).toBeDefined();
  });
});
