import { RESERVED_WIDTH_PX, SECTION_WIDTH_PX } from './constants';

/** How many toolbar sections fit inline in `width` px (spec §9: 100 px each, 180 px reserved). */
export function sectionCapacity(width: number): number {
  if (!Number.isFinite(width) || width <= RESERVED_WIDTH_PX) return 0;
  return Math.floor((width - RESERVED_WIDTH_PX) / SECTION_WIDTH_PX);
}

export interface SectionSplit<T> {
  /** Shown in the toolbar, in order. */
  inline: T[];
  /** Moved into the More menu, in order (empty: no More menu). */
  overflow: T[];
}

/**
 * Splits the toolbar's sections (in display order) between the bar and the More menu. The
 * first sections stay; the rest collapse from the end. A width not measured yet (null) keeps
 * every section inline, so the first paint is not an empty bar.
 */
export function splitSections<T>(sections: readonly T[], width: number | null): SectionSplit<T> {
  if (width === null) return { inline: [...sections], overflow: [] };
  const capacity = Math.min(sections.length, sectionCapacity(width));
  return { inline: sections.slice(0, capacity), overflow: sections.slice(capacity) };
}
