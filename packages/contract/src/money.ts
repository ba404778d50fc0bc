/**
 * Money and compute as the billing calls carry them (billing.ts): integer fen (1 yuan = 100
 * fen) and core-seconds, written the way the User Center shows them. One formatting for the
 * web's tables and the server's messages; it works on integers so no float error shows.
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

/** Core-seconds → core-hours with two decimals: 5400 → '1.50'. */
export function coreHours(coreSeconds: number): string {
  const hours = Math.round((coreSeconds / SECONDS_PER_HOUR) * 100) / 100;
  return (hours === 0 ? 0 : hours).toFixed(2);
}
