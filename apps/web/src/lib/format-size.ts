const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * Spec §9 file sizes: B, KB, MB, GB, TB, base 1024, 2 decimals (`1.50 KB`, `0 B`).
 * Anything past TB stays in TB; a missing or negative size shows the placeholder.
 */
export function formatSize(bytes: number | null | undefined, empty = '-'): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return empty;
  if (bytes === 0) return '0 B';
  let unit = 0;
  let value = bytes;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(2)} ${UNITS[unit]}`;
}
