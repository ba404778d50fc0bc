/**
 * Money and compute as the billing calls carry them (packages/contract/src/billing.ts): integer
 * fen (1 yuan = 100 fen) and core-seconds; signed changes and typed yuan for the web's forms.
 */

import { coreHours, formatFen } from '@medx/contract';

// The contract's formatting (money.ts there), shared with the server's messages.
export { coreHours, formatFen };

/** A change of money: '+¥12.00', '-¥12.00'; zero has no sign. */
export function formatSignedFen(fen: number): string {
  const whole = Math.round(fen);
  return whole > 0 ? `+${formatFen(whole)}` : formatFen(whole);
}

/**
 * Yuan as typed (InputNumber, 2 decimals) → integer fen. `1.15 * 100` is 114.999…, so the product
 * is read back at 15 significant digits (more than any amount here needs) before rounding,
 * and rounding is symmetric around zero.
 */
export function yuanToFen(yuan: number): number {
  if (!Number.isFinite(yuan)) throw new RangeError(`Not an amount of yuan: ${yuan}`);
  const scaled = Number((yuan * 100).toPrecision(15));
  const fen = Math.sign(scaled) * Math.round(Math.abs(scaled));
  // Math.sign(-0.001) * 0 is -0: an amount of nothing is plain 0.
  return fen === 0 ? 0 : fen;
}

/** A change of compute: '+1.50', '-0.25'; zero has no sign. */
export function formatSignedCoreHours(coreSeconds: number): string {
  const text = coreHours(coreSeconds);
  return coreSeconds > 0 && text !== '0.00' ? `+${text}` : text;
}
