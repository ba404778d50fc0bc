/**
 * The measurement style dialog's rules (viewer spec §3 "Measurement style", §4, §9): the fields,
 * their defaults and bounds, the text a measurement shows and the Mol* parameters a style sets.
 * Pure: the dialog reads and writes Mol*'s measurement representations with these.
 */

/** Size factor and text size are each bounded 0.1 to 5 (spec §4). */
export const STYLE_MIN = 0.1;
export const STYLE_MAX = 5;
/** Defaults (spec §9): text size 0.5, size factor 1. */
export const DEFAULT_TEXT_SIZE = 0.5;
export const DEFAULT_SIZE_FACTOR = 1;

/** The measurements with a text: the dialog styles these. */
export const STYLED_KINDS = ['label', 'distance', 'angle', 'dihedral'] as const;
export type StyledKind = (typeof STYLED_KINDS)[number];

export interface MeasurementStyle {
  /** Line colour of angles and dihedrals (Mol*'s `color` of their vectors, arc and sector). */
  linesColor: number;
  sizeFactor: number;
  customText: string;
  textSize: number;
  textColor: number;
  showValue: boolean;
  showUnit: boolean;
  showLabel: boolean;
}

/** Whether a size factor or text size is allowed: a finite number from 0.1 to 5. */
export function inStyleBounds(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= STYLE_MIN && value <= STYLE_MAX;
}

/** The first field out of bounds, or null when the style may be applied. */
export function invalidField(
  style: Pick<MeasurementStyle, 'sizeFactor' | 'textSize'>,
): 'sizeFactor' | 'textSize' | null {
  if (!inStyleBounds(style.sizeFactor)) return 'sizeFactor';
  if (!inStyleBounds(style.textSize)) return 'textSize';
  return null;
}

/**
 * The text a measurement shows: the custom text when "show label" is on and it is not blank,
 * then the value (with its unit when "show unit" is on). `unit` carries its own spacing
 * (' Å' for distances, '°' for angles). Labels have no unit: their value is Mol*'s label.
 */
export function measurementText(style: MeasurementStyle, value: string, unit: string): string {
  const parts: string[] = [];
  const custom = style.customText.trim();
  if (style.showLabel && custom) parts.push(custom);
  if (style.showValue && value) parts.push(style.showUnit ? `${value}${unit}` : value);
  return parts.join(' ');
}

/** The value text Mol* itself draws (its `customText` then stays empty). */
export function defaultText(value: string, unit: string): string {
  return `${value}${unit}`;
}

/**
 * The parameters a style sets on a measurement's representation, given its current visuals:
 * Mol*'s own text when the composed text is its default, our text through `customText`
 * otherwise, and no text visual when nothing is left to show.
 */
export function styleParams(
  kind: StyledKind,
  style: MeasurementStyle,
  value: string,
  unit: string,
  visuals: readonly string[],
): Record<string, unknown> {
  const text = measurementText(style, value, unit);
  const withoutText = visuals.filter((v) => v !== 'text');
  const params: Record<string, unknown> = {
    textSize: style.textSize,
    textColor: style.textColor,
    sizeFactor: style.sizeFactor,
    customText: text === defaultText(value, unit) ? '' : text,
    visuals: text ? [...withoutText, 'text'] : withoutText,
  };
  if (kind === 'angle' || kind === 'dihedral') params.color = style.linesColor;
  return params;
}

/** What the dialog shows for a measurement never styled here: Mol*'s values, value and unit shown. */
export function styleFromParams(
  params: Record<string, unknown>,
  remembered?: Partial<MeasurementStyle>,
): MeasurementStyle {
  const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
  const molstarText = typeof params.customText === 'string' ? params.customText : '';
  return {
    linesColor: num(params.color, 0x90ee90),
    sizeFactor: num(params.sizeFactor, DEFAULT_SIZE_FACTOR),
    textSize: num(params.textSize, DEFAULT_TEXT_SIZE),
    textColor: num(params.textColor, 0),
    customText: molstarText,
    // A custom text set elsewhere (Mol*'s Options) replaced the value.
    showValue: molstarText === '',
    showUnit: true,
    showLabel: true,
    ...remembered,
  };
}

/** A colour of the form (a '#rrggbb' string until the picker changes it, then antd's colour) as Mol*'s number. */
export function colorNumber(value: unknown, fallback: number): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value)) return Number.parseInt(value.slice(1), 16);
  if (value && typeof value === 'object' && 'toHex' in value) {
    const hex = (value as { toHex(): string }).toHex().slice(0, 6);
    const n = Number.parseInt(hex, 16);
    return Number.isFinite(n) ? n : fallback;
  }
  return fallback;
}

/** Mol*'s colour number as '#rrggbb' for the colour picker. */
export const hexColor = (n: number): string => `#${n.toString(16).padStart(6, '0')}`;
