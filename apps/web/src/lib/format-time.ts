/** A zone designator at the end of an ISO-like string: Z, +08:00, +0800 or +08. */
const HAS_ZONE = /(?:[zZ]|[+-]\d{2}(?::?\d{2})?)$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Parses an API timestamp. Strings without a zone are UTC (spec §9), including the
 * `YYYY-MM-DD HH:mm:ss` form some databases produce.
 */
export function parseApiTime(value: string | number | Date): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value) : null;
  let text = value.trim();
  if (!text) return null;
  if (DATE_ONLY.test(text)) text = `${text}T00:00:00`;
  text = text.replace(' ', 'T');
  if (!HAS_ZONE.test(text)) text = `${text}Z`;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `GMT+8`, `GMT-3`, `GMT+5.5`, `GMT+0`: the offset east of UTC in hours. */
export function formatGmtOffset(offsetMinutes: number): string {
  const hours = Math.abs(offsetMinutes) / 60;
  const text = Number.isInteger(hours) ? String(hours) : String(Number(hours.toFixed(2)));
  return `GMT${offsetMinutes < 0 ? '-' : '+'}${text}`;
}

export interface FormatTimeOptions {
  /** Minutes east of UTC to display in; the browser's own zone by default. */
  offsetMinutes?: number;
  /** Returned for a missing or unreadable value. */
  empty?: string;
}

/**
 * Spec §9 timestamp display: year/month/day, the GMT offset in hours, then hh:mm:ss,
 * e.g. `2024/05/01 GMT+8 14:03:05`.
 */
export function formatTime(value: string | number | Date | null | undefined, options: FormatTimeOptions = {}): string {
  const empty = options.empty ?? '-';
  if (value === null || value === undefined) return empty;
  const date = parseApiTime(value);
  if (!date) return empty;
  const offset = options.offsetMinutes ?? -date.getTimezoneOffset();
  const shifted = new Date(date.getTime() + offset * 60_000);
  const day = `${shifted.getUTCFullYear()}/${pad(shifted.getUTCMonth() + 1)}/${pad(shifted.getUTCDate())}`;
  const time = `${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}:${pad(shifted.getUTCSeconds())}`;
  return `${day} ${formatGmtOffset(offset)} ${time}`;
}
