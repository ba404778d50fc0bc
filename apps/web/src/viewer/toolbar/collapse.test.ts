import { describe, expect, it } from 'vitest';
import { sectionCapacity, splitSections } from './collapse';

const sections = ['a', 'b', 'c', 'd', 'e'];

describe('toolbar collapse (spec §9: 100 px per section, 180 px reserved)', () => {
  it('counts whole sections after the reserved width', () => {
    expect(sectionCapacity(180)).toBe(0);
    expect(sectionCapacity(279)).toBe(0);
    expect(sectionCapacity(280)).toBe(1);
    expect(sectionCapacity(679)).toBe(4);
    expect(sectionCapacity(680)).toBe(5);
    expect(sectionCapacity(0)).toBe(0);
    expect(sectionCapacity(-50)).toBe(0);
    expect(sectionCapacity(Number.NaN)).toBe(0);
  });

  it('keeps everything inline when all sections fit', () => {
    expect(splitSections(sections, 680)).toEqual({ inline: sections, overflow: [] });
    expect(splitSections(sections, 5000)).toEqual({ inline: sections, overflow: [] });
  });

  it('moves the last sections into More, in order', () => {
    expect(splitSections(sections, 679)).toEqual({ inline: ['a', 'b', 'c', 'd'], overflow: ['e'] });
    expect(splitSections(sections, 400)).toEqual({ inline: ['a', 'b'], overflow: ['c', 'd', 'e'] });
    expect(splitSections(sections, 100)).toEqual({ inline: [], overflow: sections });
  });

  it('shows everything before the first measurement', () => {
    expect(splitSections(sections, null)).toEqual({ inline: sections, overflow: [] });
  });
});
