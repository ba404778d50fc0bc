import type { InstanceLevel, LevelSpec } from '@medx/contract';

/**
 * The price list of instance levels (spec §9: Basic, Normal, Enhanced, Professional; units
 * core, hour, month). Each job on an instance gets cores / concurrent_jobs cores. Prices are
 * integer fen; a deployment that charges differently edits this one table.
 */
export const LEVELS: readonly LevelSpec[] = [
  { level: 'Basic', cores: 2, memory_gb: 4, concurrent_jobs: 1, month_price_fen: 9_900, core_hour_price_fen: 30 },
  { level: 'Normal', cores: 4, memory_gb: 8, concurrent_jobs: 2, month_price_fen: 19_800, core_hour_price_fen: 28 },
  { level: 'Enhanced', cores: 8, memory_gb: 16, concurrent_jobs: 4, month_price_fen: 36_800, core_hour_price_fen: 26 },
  {
    level: 'Professional',
    cores: 16,
    memory_gb: 32,
    concurrent_jobs: 8,
    month_price_fen: 69_800,
    core_hour_price_fen: 24,
  },
];

export function levelSpec(level: InstanceLevel): LevelSpec {
  const spec = LEVELS.find((l) => l.level === level);
  if (!spec) throw new Error(`Unknown level ${level}`);
  return spec;
}

/** Post-paid usage: fen for core-seconds at a core-hour price, rounded up to the next fen. */
export function usageFen(coreSeconds: number, coreHourPriceFen: number): number {
  return Math.ceil((coreSeconds * coreHourPriceFen) / 3600);
}
