import type { TFunction } from 'i18next';

/** A Vina score in kcal/mol with the 2 decimals docking results use. */
export const formatScore = (score: number | null | undefined) =>
  score === null || score === undefined ? '-' : score.toFixed(2);

/** A number with a fixed count of decimals, '-' when unknown. */
export const formatFixed = (value: number | null | undefined, decimals: number) =>
  value === null || value === undefined ? '-' : value.toFixed(decimals);

export type DurationPart = { unit: 'days' | 'hours' | 'minutes' | 'seconds'; value: number };

/**
 * A duration as its two largest units ("2 h 5 min", "3 d 4 h"), seconds only under a minute:
 * a time left is an estimate, so more detail would only flicker at every refresh.
 */
export function durationParts(totalSeconds: number): DurationPart[] {
  const seconds = Math.max(0, Math.round(totalSeconds));
  if (seconds < 60) return [{ unit: 'seconds', value: seconds }];
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return [{ unit: 'minutes', value: minutes }];
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0)
    return hours > 0
      ? [
          { unit: 'days', value: days },
          { unit: 'hours', value: hours },
        ]
      : [{ unit: 'days', value: days }];
  return rest > 0
    ? [
        { unit: 'hours', value: hours },
        { unit: 'minutes', value: rest },
      ]
    : [{ unit: 'hours', value: hours }];
}

/** `durationParts` in words of the interface language ('-' when unknown). */
export function formatDuration(t: TFunction, seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '-';
  return durationParts(seconds)
    .map((part) => t(`screening:duration.${part.unit}`, { count: part.value }))
    .join(' ');
}

/** Ligands per hour: whole numbers from 10 up, one decimal below (a slow screen of big ligands). */
export function formatRate(perHour: number | null | undefined): string | null {
  if (perHour === null || perHour === undefined || !Number.isFinite(perHour)) return null;
  return perHour >= 10 ? Math.round(perHour).toLocaleString('en-US') : perHour.toFixed(1);
}
