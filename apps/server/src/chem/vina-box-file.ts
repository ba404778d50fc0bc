import type { DockingPocket } from '@medx/contract';

const KEYS = ['center_x', 'center_y', 'center_z', 'size_x', 'size_y', 'size_z'] as const;

/** A docking box as a Vina configuration file (`center_x = 1.5`...), the form Vina's --config reads. */
export function vinaBoxText(pocket: DockingPocket): string {
  return `${KEYS.map((key) => `${key} = ${pocket[key]}`).join('\n')}\n`;
}

/** A box from a Vina configuration file; every one of the six numbers must be there. */
export function parseVinaBox(text: string): DockingPocket {
  const found: Partial<Record<(typeof KEYS)[number], number>> = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*(center_[xyz]|size_[xyz])\s*=\s*(-?[\d.]+(?:e-?\d+)?)\s*(?:#.*)?$/i.exec(line);
    if (match) found[match[1]!.toLowerCase() as (typeof KEYS)[number]] = Number(match[2]);
  }
  const missing = KEYS.filter((key) => !Number.isFinite(found[key]));
  if (missing.length) throw new Error(`the box file has no ${missing.join(', ')}.`);
  return found as DockingPocket;
}
