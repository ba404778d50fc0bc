import { describe, expect, it } from 'vitest';
import {
  decideRegions,
  NARROW_BELOW,
  type RegionMemory,
  type SideRegions,
  WIDE_FROM,
  widthMode,
} from './responsive-regions';

const OPEN: SideRegions = { left: 'full', right: 'full' };

/** Feeds widths in order, applying each change the way Med View does; returns the regions after each. */
function run(widths: number[], start: SideRegions = OPEN, userEdits: Record<number, Partial<SideRegions>> = {}) {
  let regions = { ...start };
  let memory: RegionMemory | null = null;
  return widths.map((width, i) => {
    const decision = decideRegions(width, regions, memory);
    memory = decision.memory;
    regions = { ...regions, ...decision.change };
    regions = { ...regions, ...userEdits[i] };
    return { ...regions };
  });
}

describe('Med View regions by width', () => {
  it('is narrow below NARROW_BELOW and wide again only from WIDE_FROM', () => {
    expect(widthMode(NARROW_BELOW - 1, null)).toBe('narrow');
    expect(widthMode(NARROW_BELOW, null)).toBe('wide');
    expect(widthMode(NARROW_BELOW + 20, 'narrow')).toBe('narrow');
    expect(widthMode(WIDE_FROM, 'narrow')).toBe('wide');
    expect(widthMode(NARROW_BELOW - 1, 'wide')).toBe('narrow');
  });

  it('leaves a wide viewer alone', () => {
    expect(decideRegions(1400, OPEN, null)).toEqual({
      memory: { mode: 'wide', saved: null, applied: null },
      change: null,
    });
  });

  it('starts a narrow viewer with the left panel collapsed and the right one hidden', () => {
    const first = decideRegions(760, OPEN, null);
    expect(first.change).toEqual({ left: 'collapsed', right: 'hidden' });
    expect(first.memory.mode).toBe('narrow');
  });

  it('collapses when it narrows, and restores the panels when wide again', () => {
    expect(run([1400, 760, 800, 1400])).toEqual([
      OPEN,
      { left: 'collapsed', right: 'hidden' },
      { left: 'collapsed', right: 'hidden' },
      OPEN,
    ]);
  });

  it('does not flap between the thresholds', () => {
    expect(run([1400, NARROW_BELOW - 10, NARROW_BELOW + 30, NARROW_BELOW - 5]).map((r) => r.right)).toEqual([
      'full',
      'hidden',
      'hidden',
      'hidden',
    ]);
  });

  it('keeps what the user changed while narrow', () => {
    // Narrow, then the user opens the left panel (a tab click): it stays open while narrow and
    // after widening; the right panel, untouched, is restored.
    const after = run([760, 780, 1400], OPEN, { 0: { left: 'full' } });
    expect(after[1]).toEqual({ left: 'full', right: 'hidden' });
    expect(after[2]).toEqual({ left: 'full', right: 'full' });
    // The user closes nothing but had the right panel hidden before narrowing: it stays hidden.
    expect(run([1400, 760, 1400], { left: 'collapsed', right: 'hidden' })).toEqual([
      { left: 'collapsed', right: 'hidden' },
      { left: 'collapsed', right: 'hidden' },
      { left: 'collapsed', right: 'hidden' },
    ]);
  });

  it('keeps a hidden left panel hidden and ignores a zero-size box', () => {
    expect(decideRegions(700, { left: 'hidden', right: 'full' }, null).change).toEqual({ right: 'hidden' });
    expect(decideRegions(0, OPEN, null).change).toBeNull();
    const narrow = decideRegions(700, OPEN, null).memory;
    expect(decideRegions(0, { left: 'collapsed', right: 'hidden' }, narrow)).toEqual({ memory: narrow, change: null });
  });
});
