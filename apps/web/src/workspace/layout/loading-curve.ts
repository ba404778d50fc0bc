/**
 * The loading screen's simulated progress (spec §2): over a 20 s horizon it reaches 80% at 60%
 * of the time (12 s), then slows down and stops at 95% until the data is there.
 */
export const LOADING_HORIZON_MS = 20_000;
const FAST_END = 0.6;
const FAST_PERCENT = 80;
export const LOADING_CAP = 95;

/** Progress in percent (0-95, whole numbers are up to the caller) after `ms` milliseconds. */
export function progressAt(ms: number): number {
  if (!Number.isFinite(ms) || ms <= 0) return ms === Number.POSITIVE_INFINITY ? LOADING_CAP : 0;
  const t = ms / LOADING_HORIZON_MS;
  if (t <= FAST_END) return (FAST_PERCENT * t) / FAST_END;
  // Ease-out from 80% to the cap over the remaining 40% of the horizon.
  const x = Math.min(1, (t - FAST_END) / (1 - FAST_END));
  return FAST_PERCENT + (LOADING_CAP - FAST_PERCENT) * (1 - (1 - x) ** 2);
}
