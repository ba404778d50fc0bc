import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { QUICK_STYLES } from '../../viewer/structure-tools/quick-styles';

/** Every presets:* key of the preset dropdown, Quick Styles and the measurement style dialog, in both languages. */
const sources = import.meta.glob<string>(['./*.tsx', '../../viewer/structure-tools/*.tsx', '!**/*.test.*'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

const keys = new Set<string>();
for (const source of Object.values(sources)) {
  if (!source.includes("useTranslation('presets')")) continue;
  for (const match of source.matchAll(/\bt\('([^'${}]+)'/g)) keys.add(match[1] ?? '');
}
for (const s of QUICK_STYLES) {
  keys.add(`quickStyles.${s}.label`);
  keys.add(`quickStyles.${s}.hint`);
}
for (const k of ['label', 'distance', 'angle', 'dihedral']) keys.add(`measurementStyle.kinds.${k}`);

describe('presets translation keys', () => {
  it('finds the keys', () => {
    expect(keys.size).toBeGreaterThan(40);
  });

  for (const lng of ['en', 'zh-CN']) {
    it(`exist in ${lng}`, () => {
      expect([...keys].filter((key) => !i18n.exists(key, { ns: 'presets', lng, fallbackLng: false }))).toEqual([]);
    });
  }

  it('use the spec texts in English', () => {
    const en = (key: string) => i18n.t(key, { ns: 'presets', lng: 'en' });
    expect(en('messages.nameRequired')).toBe('Please provide a preset name');
    expect(en('messages.noVisibleStructures')).toBe('No visible structures selected!');
    expect(en('messages.saveFailed')).toBe('Failed to save preset');
    expect(en('messages.applyFailed')).toBe('Failed to apply preset');
    expect(en('messages.structureApplyFailed')).toBe('Failed to apply structure preset');
    expect(en('measurementStyle.messages.updated')).toBe('Measurement style updated');
    expect(en('measurementStyle.messages.deleted')).toBe('Measurement deleted');
    expect(en('measurementStyle.messages.updateFailed')).toBe('Failed to update measurement style');
    expect(en('measurementStyle.messages.deleteFailed')).toBe('Failed to delete measurement');
    expect(en('measurementStyle.messages.notFound')).toBe('Measurement not found or invalid');
  });
});
