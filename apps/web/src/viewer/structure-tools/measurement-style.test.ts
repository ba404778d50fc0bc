import { describe, expect, it } from 'vitest';
import {
  colorNumber,
  DEFAULT_SIZE_FACTOR,
  DEFAULT_TEXT_SIZE,
  hexColor,
  inStyleBounds,
  invalidField,
  type MeasurementStyle,
  measurementText,
  STYLE_MAX,
  STYLE_MIN,
  styleFromParams,
  styleParams,
} from './measurement-style';

const style = (over: Partial<MeasurementStyle> = {}): MeasurementStyle => ({
  linesColor: 0xff0000,
  sizeFactor: 1,
  customText: '',
  textSize: 0.5,
  textColor: 0x000000,
  showValue: true,
  showUnit: true,
  showLabel: true,
  ...over,
});

describe('measurement style (viewer spec §3, §4, §9)', () => {
  it('bounds size factor and text size to 0.1..5', () => {
    expect([STYLE_MIN, STYLE_MAX]).toEqual([0.1, 5]);
    expect(inStyleBounds(0.1)).toBe(true);
    expect(inStyleBounds(5)).toBe(true);
    expect(inStyleBounds(0.09)).toBe(false);
    expect(inStyleBounds(5.01)).toBe(false);
    expect(inStyleBounds(Number.NaN)).toBe(false);
    expect(inStyleBounds(null)).toBe(false);
    expect(invalidField({ sizeFactor: 1, textSize: 6 })).toBe('textSize');
    expect(invalidField({ sizeFactor: 0, textSize: 1 })).toBe('sizeFactor');
    expect(invalidField({ sizeFactor: 2, textSize: 4.5 })).toBeNull();
  });

  it('defaults: text size 0.5, size factor 1', () => {
    expect(DEFAULT_TEXT_SIZE).toBe(0.5);
    expect(DEFAULT_SIZE_FACTOR).toBe(1);
    expect(styleFromParams({})).toMatchObject({ textSize: 0.5, sizeFactor: 1, showValue: true, customText: '' });
  });

  it('composes the text from label, value and unit', () => {
    expect(measurementText(style(), '3.21', ' Å')).toBe('3.21 Å');
    expect(measurementText(style({ showUnit: false }), '3.21', ' Å')).toBe('3.21');
    expect(measurementText(style({ customText: ' HB ' }), '3.21', ' Å')).toBe('HB 3.21 Å');
    expect(measurementText(style({ customText: 'HB', showLabel: false }), '3.21', ' Å')).toBe('3.21 Å');
    expect(measurementText(style({ customText: 'HB', showValue: false }), '109.5', '°')).toBe('HB');
    expect(measurementText(style({ showValue: false }), '3.21', ' Å')).toBe('');
  });

  it('keeps Mol*’s own text when nothing changes it, and drops the text visual when empty', () => {
    const plain = styleParams('distance', style({ textSize: 2 }), '3.21', ' Å', ['lines', 'text']);
    expect(plain).toMatchObject({ textSize: 2, customText: '', visuals: ['lines', 'text'] });
    expect(plain).not.toHaveProperty('color');
    const custom = styleParams('distance', style({ showUnit: false }), '3.21', ' Å', ['lines']);
    expect(custom).toMatchObject({ customText: '3.21', visuals: ['lines', 'text'] });
    const none = styleParams('distance', style({ showValue: false }), '3.21', ' Å', ['lines', 'text']);
    expect(none.visuals).toEqual(['lines']);
  });

  it('colours the lines of angles and dihedrals only', () => {
    expect(styleParams('angle', style(), '109.50', '°', ['vectors', 'sector', 'text']).color).toBe(0xff0000);
    expect(styleParams('dihedral', style(), '60.00', '°', ['text']).color).toBe(0xff0000);
    expect(styleParams('label', style(), 'ALA 5', '', ['text'])).not.toHaveProperty('color');
  });

  it('reads a custom text set elsewhere as the label, the value hidden', () => {
    expect(styleFromParams({ customText: 'Pocket', textSize: 1.5 })).toMatchObject({
      customText: 'Pocket',
      showValue: false,
      textSize: 1.5,
    });
    expect(styleFromParams({ customText: 'x' }, { showValue: true, customText: 'HB' })).toMatchObject({
      customText: 'HB',
      showValue: true,
    });
  });

  it('converts colours between Mol*’s numbers and the picker', () => {
    expect(hexColor(0x90ee90)).toBe('#90ee90');
    expect(hexColor(0)).toBe('#000000');
    expect(colorNumber('#90EE90', 1)).toBe(0x90ee90);
    expect(colorNumber(0x123456, 1)).toBe(0x123456);
    expect(colorNumber({ toHex: () => 'ff0000ff' }, 1)).toBe(0xff0000);
    expect(colorNumber('red', 7)).toBe(7);
    expect(colorNumber(undefined, 7)).toBe(7);
  });
});
