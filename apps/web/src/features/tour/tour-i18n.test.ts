import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { TOUR_STEPS } from './tour-steps';

/** Literal t('...') keys of the job, docking and tour modules (the shared check does not scan them). */
const sources = import.meta.glob<string>(['../{jobs,docking,tour}/**/*.{ts,tsx}', '!**/*.test.*'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

function keysIn(source: string): string[] {
  const ns = /useTranslation\('([\w-]+)'\)/.exec(source)?.[1] ?? 'common';
  return [...source.matchAll(/\bt\('([^'${}]+)'/g)].map((m) => {
    const key = m[1] ?? '';
    return key.includes(':') ? key : `${ns}:${key}`;
  });
}

const exists = (key: string, lng: string) => {
  const [ns, ...rest] = key.split(':');
  const name = rest.join(':');
  const options = { ns, lng, fallbackLng: false as const };
  return i18n.exists(name, options) || i18n.exists(`${name}_other`, options);
};

describe('jobs, docking and tour texts', () => {
  it('has every literal key in English and Chinese', () => {
    const keys = Object.values(sources).flatMap(keysIn);
    expect(keys.length).toBeGreaterThan(40);
    for (const lng of ['en', 'zh-CN'])
      expect(
        keys.filter((k) => !exists(k, lng)),
        lng,
      ).toEqual([]);
  });

  it('has a title and a text for every tour step, and every status label', () => {
    const keys = [
      ...TOUR_STEPS.flatMap((s) => [`tour:steps.${s.key}.title`, `tour:steps.${s.key}.text`]),
      ...['pending', 'running', 'success', 'stopped', 'failed'].map((s) => `jobs:status.${s}`),
      ...['protein', 'ligands', 'pocket', 'confirm'].map((s) => `docking:steps.${s}`),
    ];
    for (const lng of ['en', 'zh-CN'])
      expect(
        keys.filter((k) => !exists(k, lng)),
        lng,
      ).toEqual([]);
  });

  it('uses the spec texts', async () => {
    await i18n.changeLanguage('en');
    expect(i18n.t('jobs:failedWarning')).toBe(
      'Job execution failed, but you can still view the output files that were generated before the error occurred.',
    );
    expect(i18n.t('msg:noLogContent')).toBe('No log content available for this job.');
    expect(i18n.t('msg:submitSuccess')).toBe('Submit success!');
    expect(i18n.t('msg:prepareSuccessful')).toBe('Prepare successful.');
  });
});
