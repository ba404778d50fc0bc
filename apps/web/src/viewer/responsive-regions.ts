/**
 * Which of Mol*'s side panels Med View shows for its width (viewer spec §2 "Viewer regions":
 * controls can be hidden or collapsed). Mol*'s landscape layout gives the left panel 330 px and
 * the Structure Tools panel 300 px whatever the viewer's width, so a narrow Med View (e.g. beside
 * the Docking window, ~40% of the screen) would be almost all panel. Below NARROW_BELOW px the
 * left panel collapses to its tab strip and the right panel hides; from WIDE_FROM px on they come
 * back as they were, unless the user changed them meanwhile. The gap between the two thresholds
 * keeps a splitter dragged around the boundary from flapping the panels. Pure, so unit-tested.
 */

/** Left panel 330 px + right panel 300 px leave less than 370 px of canvas below this width. */
export const NARROW_BELOW = 1000;
/** Wide again only from here (60 px of hysteresis). */
export const WIDE_FROM = 1060;

export type LeftRegion = 'full' | 'collapsed' | 'hidden';
export type RightRegion = 'full' | 'hidden';

export interface SideRegions {
  left: LeftRegion;
  right: RightRegion;
}

export type WidthMode = 'wide' | 'narrow';

/** What the previous decisions left behind (null before the first one). */
export interface RegionMemory {
  mode: WidthMode;
  /** The regions before Med View turned narrow, restored when it is wide again. */
  saved: SideRegions | null;
  /** What narrowing set, to tell the user's later changes from ours. */
  applied: SideRegions | null;
}

export interface RegionDecision {
  memory: RegionMemory;
  /** Regions to set now; null leaves Mol*'s layout as it is. */
  change: Partial<SideRegions> | null;
}

/** Narrow or wide for a width, with hysteresis around the thresholds. */
export function widthMode(width: number, previous: WidthMode | null): WidthMode {
  if (previous === 'narrow') return width >= WIDE_FROM ? 'wide' : 'narrow';
  return width < NARROW_BELOW ? 'narrow' : 'wide';
}

/**
 * The decision for a new width. Turning narrow saves the current regions and collapses the left
 * panel (a hidden one stays hidden) and hides the right one. While narrow nothing is forced: the
 * user may open a panel (Mol*'s own tab rules apply). Turning wide restores each saved region the
 * user has not changed since; a region the user changed keeps the user's choice.
 */
export function decideRegions(width: number, current: SideRegions, memory: RegionMemory | null): RegionDecision {
  // A hidden box (display: none, a minimised window) measures 0: not a width to act on.
  if (width <= 0) return { memory: memory ?? { mode: 'wide', saved: null, applied: null }, change: null };
  const mode = widthMode(width, memory?.mode ?? null);
  if (mode === (memory?.mode ?? 'wide')) {
    return { memory: memory ?? { mode, saved: null, applied: null }, change: null };
  }
  if (mode === 'narrow') {
    const applied: SideRegions = { left: current.left === 'hidden' ? 'hidden' : 'collapsed', right: 'hidden' };
    return { memory: { mode, saved: { ...current }, applied }, change: diff(current, applied) };
  }
  const saved = memory?.saved;
  const applied = memory?.applied;
  const restored: SideRegions = {
    left: saved && applied && current.left === applied.left ? saved.left : current.left,
    right: saved && applied && current.right === applied.right ? saved.right : current.right,
  };
  return { memory: { mode, saved: null, applied: null }, change: diff(current, restored) };
}

function diff(current: SideRegions, next: SideRegions): Partial<SideRegions> | null {
  const change: Partial<SideRegions> = {};
  if (next.left !== current.left) change.left = next.left;
  if (next.right !== current.right) change.right = next.right;
  return Object.keys(change).length > 0 ? change : null;
}
