/**
 * Hybrid-36 numbers (PDB serials and residue numbers beyond the fixed width), as
 * written by CCTBX, PyMOL and others: decimal up to 99999 (width 5), then base 36
 * with an upper-case first digit (A0000 = 100000), then base 36 with a lower-case
 * first digit. Only decoding/encoding, no validation of the PDB itself.
 */

const DIGITS_UPPER = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS_LOWER = '0123456789abcdefghijklmnopqrstuvwxyz';

function parseBase36(s: string, digits: string): number {
  let value = 0;
  for (const ch of s) {
    const d = digits.indexOf(ch);
    if (d < 0) return Number.NaN;
    value = value * 36 + d;
  }
  return value;
}

/** Decodes a hybrid-36 field (whitespace allowed around it); NaN when it is not one. */
export function decodeHybrid36(field: string, width: number): number {
  const s = field.trim();
  if (s === '') return Number.NaN;
  if (/^-?\d+$/.test(s)) return Number.parseInt(s, 10);
  if (s.length !== width) return Number.NaN;
  const first = s[0] ?? '';
  const decimalLimit = 10 ** width;
  const block = 26 * 36 ** (width - 1);
  if (/[A-Z]/.test(first) && /^[0-9A-Z]+$/.test(s)) {
    return parseBase36(s, DIGITS_UPPER) - 10 * 36 ** (width - 1) + decimalLimit;
  }
  if (/[a-z]/.test(first) && /^[0-9a-z]+$/.test(s)) {
    return parseBase36(s, DIGITS_LOWER) - 10 * 36 ** (width - 1) + decimalLimit + block;
  }
  return Number.NaN;
}

function toBase36(value: number, digits: string, width: number): string {
  let s = '';
  let v = value;
  while (v > 0) {
    s = digits[v % 36] + s;
    v = Math.floor(v / 36);
  }
  return s.padStart(width, '0');
}

/** Encodes a non-negative integer right-justified in `width` columns; throws when it does not fit. */
export function encodeHybrid36(value: number, width: number): string {
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`not a non-negative integer: ${value}`);
  const decimalLimit = 10 ** width;
  if (value < decimalLimit) return String(value).padStart(width, ' ');
  const block = 26 * 36 ** (width - 1);
  const offset = 10 * 36 ** (width - 1);
  let v = value - decimalLimit;
  if (v < block) return toBase36(v + offset, DIGITS_UPPER, width);
  v -= block;
  if (v < block) return toBase36(v + offset, DIGITS_LOWER, width);
  throw new RangeError(`${value} does not fit in ${width} hybrid-36 columns`);
}
