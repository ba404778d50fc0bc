import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import {
  addComponentRequirement,
  alignRequirement,
  clampExpandDistance,
  formatRmsd,
  meanRmsd,
  measureRequirement,
  transparencyValue,
} from './requirements';

const en = i18n.getFixedT('en', 'toolbar');
const message = (key: string | null, values?: Record<string, unknown>) =>
  key ? en(`messages.${key}`, values ?? {}) : null;

describe('toolbar requirements (viewer spec §5)', () => {
  it('measure: two items for a distance, three for an angle, four for a dihedral', () => {
    expect(message(measureRequirement('distance', 1))).toBe('Please select two items!');
    expect(measureRequirement('distance', 2)).toBeNull();
    expect(message(measureRequirement('angle', 2))).toBe('Please select three items!');
    expect(measureRequirement('angle', 3)).toBeNull();
    expect(message(measureRequirement('dihedral', 3))).toBe('Please select four items!');
    expect(measureRequirement('dihedral', 4)).toBeNull();
  });

  it('add component: a selected item and a visible structure', () => {
    expect(message(addComponentRequirement(0, 1))).toBe('Please select at least one item!');
    expect(message(addComponentRequirement(3, 0))).toBe('No visible structures selected!');
    expect(addComponentRequirement(3, 1)).toBeNull();
  });

  it('align: two chain or atom items from two different visible files', () => {
    expect(message(alignRequirement('chains', 1, 2))).toBe('Please select at least two chain items!');
    expect(message(alignRequirement('atoms', 0, 2))).toBe('Please select at least two atom items!');
    expect(message(alignRequirement('chains', 2, 1))).toBe(
      'At least two different visible structures files are needed for alignment',
    );
    expect(alignRequirement('atoms', 4, 2)).toBeNull();
  });
});

describe('toolbar messages (viewer spec §8)', () => {
  it('shows the RMSD with 2 decimals', () => {
    expect(formatRmsd(0)).toBe('0.00');
    expect(formatRmsd(1.23456)).toBe('1.23');
    expect(formatRmsd(0.005)).toBe('0.01');
    expect(message('aligned', { value: formatRmsd(1.5) })).toBe('Structures aligned successfully with RMSD 1.50');
    expect(meanRmsd([1, 2])).toBe(1.5);
    expect(meanRmsd([])).toBeNaN();
  });

  it('formats the ligand focus and expand messages', () => {
    expect(message('focusedLigand', { n: 1, total: 3 })).toBe('Focused on ligand 1/3');
    expect(message('expanded', { distance: 5 })).toBe('Expanded selection by 5Å');
  });

  it('keeps the expand distance within 1 to 20 Å, 5 by default', () => {
    expect(clampExpandDistance(undefined)).toBe(5);
    expect(clampExpandDistance(null)).toBe(5);
    expect(clampExpandDistance(Number.NaN)).toBe(5);
    expect(clampExpandDistance(0)).toBe(1);
    expect(clampExpandDistance(25)).toBe(20);
    expect(clampExpandDistance(7.5)).toBe(7.5);
  });

  it('maps the 0-100 % transparency slider onto 0-1', () => {
    expect(transparencyValue(0)).toBe(0);
    expect(transparencyValue(55)).toBe(0.55);
    expect(transparencyValue(100)).toBe(1);
    expect(transparencyValue(140)).toBe(1);
    expect(transparencyValue(-3)).toBe(0);
  });
});
