/**
 * Money and compute as the billing calls carry them (packages/contract/src/billing.ts): integer
 * fen (1 yuan = 100 fen) and core-seconds. Formatting works on integers so no float error shows.
 */

const SECONDS_PER_HOUR = 3600;

/** 123456 → '1,234.56': thousands grouped, always two decimals, no sign. */
function groupedYuan(absFen: number): string {
  const yuan = Math.floor(absFen / 100);
  const cents = absFen % 100;
  const grouped = String(yuan).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${grouped}.${String(cents).padStart(2, '0')}`;
}

/** 123456 → '¥1,234.56', -1200 → '-¥12.00', 0 → '¥0.00'. A fraction of a fen is rounded. */
export function formatFen(fen: number): string {
  const whole = Math.round(fen);
  return `${whole < 0 ? '-' : ''}¥${groupedYuan(Math.abs(whole))}`;
}

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

/** Core-seconds → core-hours with two decimals: 5400 → '1.50'. */
export function coreHours(coreSeconds: number): string {
  const hours = Math.round((coreSeconds / SECONDS_PER_HOUR) * 100) / 100;
  return (hours === 0 ? 0 : hours).toFixed(2);
}

/** A change of compute: '+1.50', '-0.25'; zero has no sign. */
export function formatSignedCoreHours(coreSeconds: number): string {
  const text = coreHours(coreSeconds);
  return coreSeconds > 0 && text !== '0.00' ? `+${text}` : text;
}
