import { BUILDER_PARAM_TYPES, SUBMISSION_STATUSES } from '@medx/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { PARAM_TYPE_GROUPS } from './param-types';
import { BUILDER_TABS } from './ToolBuilderPage';

/** This folder's sources (the shared keys-used test lists the pages it reads; this one reads these). */
const sources = import.meta.glob<string>(['./*.{ts,tsx}', '!./*.test.*'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

function literalKeys(source: string): string[] {
  const ns = /useTranslation\('([\w-]+)'\)/.exec(source)?.[1] ?? 'common';
  return [...source.matchAll(/\bt\('([^'${}]+)'/g)].map(([, key = '']) => (key.includes(':') ? key : `${ns}:${key}`));
}

const exists = (key: string, lng: string) => {
  const [ns, ...rest] = key.split(':');
  const name = rest.join(':');
  const options = { ns, lng, fallbackLng: false as const };
  return i18n.exists(name, options) || i18n.exists(`${name}_other`, options);
};

/** The keys built at run time (`types.${type}.label`...). */
const builtKeys = [
  ...BUILDER_PARAM_TYPES.flatMap((type) => [`toolBuilder:types.${type}.label`, `toolBuilder:types.${type}.help`]),
  ...PARAM_TYPE_GROUPS.map((group) => `toolBuilder:params.groups.${group.key}`),
  ...SUBMISSION_STATUSES.map((status) => `toolBuilder:submissions.statuses.${status}`),
  ...BUILDER_TABS.map((tab) => `toolBuilder:tabs.${tab}`),
  ...['min', 'max', 'step'].map((field) => `toolBuilder:editor.${field}`),
  'toolBuilder:nav',
  'toolBuilder:breadcrumb',
];

describe('Tool Uploader texts', () => {
  it('finds its sources', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(10);
  });

  for (const lng of ['en', 'zh-CN']) {
    it(`has every key in ${lng}`, () => {
      const keys = [...new Set([...Object.values(sources).flatMap(literalKeys), ...builtKeys])];
      expect(keys.length).toBeGreaterThan(200);
      expect(keys.filter((key) => !exists(key, lng))).toEqual([]);
    });
  }

  it('offers each of the 18 param types once in the picker', () => {
    const offered = PARAM_TYPE_GROUPS.flatMap((group) => group.types);
    expect([...offered].sort()).toEqual([...BUILDER_PARAM_TYPES].sort());
  });
});
