import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { COMPONENT_REPRESENTATIONS, GRANULARITIES, SELECTION_MODES } from './constants';

/** Every toolbar:* key the toolbar and the Structure Tools panel use exists in English and Chinese. */
const sources = import.meta.glob<string>(['./*.{ts,tsx}', '../structure-tools/*.{ts,tsx}', '!**/*.test.*'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

function keysIn(source: string): string[] {
  const keys: string[] = [];
  if (source.includes("useTranslation('toolbar')")) {
    for (const match of source.matchAll(/\bt\('([^'${}]+)'/g)) keys.push(match[1] ?? '');
  }
  // Message keys answered by actions: warn('x'), fail('x', ...), { type: ..., key: 'x' }.
  for (const match of source.matchAll(/\b(?:warn|fail)\('(\w+)'/g)) keys.push(`messages.${match[1]}`);
  for (const match of source.matchAll(/\btype: '\w+', key: '(\w+)'/g)) keys.push(`messages.${match[1]}`);
  return keys;
}

describe('toolbar translation keys', () => {
  const keys = new Set(Object.values(sources).flatMap(keysIn));
  // Keys built from lists.
  for (const k of ['distance', 'angle', 'dihedral']) keys.add(`measure.${k}`);
  for (const k of ['chains', 'atoms']) keys.add(`align.${k}`);
  for (const r of COMPONENT_REPRESENTATIONS) keys.add(`representations.${r}`);
  for (const g of GRANULARITIES) keys.add(`granularity.${g.key}`);
  for (const m of SELECTION_MODES) keys.add(`selection.modes.${m}`);
  for (const e of ['noPrevious', 'invalidIndex', 'emptyEntry', 'notFound', 'restoreFailed']) keys.add(`messages.${e}`);

  it('finds the keys', () => {
    expect(keys.size).toBeGreaterThan(60);
  });

  for (const lng of ['en', 'zh-CN']) {
    it(`exist in ${lng}`, () => {
      expect([...keys].filter((key) => !i18n.exists(key, { ns: 'toolbar', lng, fallbackLng: false }))).toEqual([]);
    });
  }

  it('keep the spec texts in English', () => {
    const t = i18n.getFixedT('en', 'toolbar');
    expect(t('messages.noPrevious')).toBe('No previous selection available');
    expect(t('messages.invalidIndex')).toBe('Invalid history index');
    expect(t('messages.notFound')).toBe('Could not find previous selection');
    expect(t('messages.emptyEntry')).toBe('Empty selection history entry');
    expect(t('messages.restoreFailed')).toBe('Failed to restore previous selection');
    expect(t('messages.expandFailed')).toBe('Failed to expand selection');
    expect(t('messages.noSelection')).toBe('No selection available');
    expect(t('messages.colorFailed')).toBe('Failed to apply color');
    expect(t('messages.transparencyFailed')).toBe('Failed to apply transparency');
    expect(t('messages.alignFailed')).toBe('Failed to align structures');
    expect(t('messages.noStructure')).toBe('No structure loaded');
    expect(t('messages.noLigands')).toBe('No ligands found in structure');
    expect(t('messages.selectFirst')).toBe('Please select something first');
    expect(t('messages.focusLigandFailed')).toBe('Failed to focus on ligand');
    expect(t('messages.focusSelectionFailed')).toBe('Failed to focus on selection');
    expect(t('messages.fitWorkspaceFailed')).toBe('Failed to fit to workspace');
    expect(t('messages.noPlugin')).toBe('Plugin is not available');
    expect(t('messages.distanceFailed')).toBe('Failed to add distance measurement');
    expect(t('messages.angleFailed')).toBe('Failed to add angle measurement');
    expect(t('messages.dihedralFailed')).toBe('Failed to add dihedral measurement');
  });
});
