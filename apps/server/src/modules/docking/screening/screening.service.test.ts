import { describe, expect, it } from 'vitest';
import { histogramEdges, ligandsPerHour } from './screening.service';

describe('ligandsPerHour', () => {
  it('is the finished count over the elapsed hours', () => {
    expect(ligandsPerHour(30, '2026-01-01T00:00:00Z', '2026-01-01T00:30:00Z')).toBe(60);
    expect(ligandsPerHour(1, '2026-01-01T00:00:00Z', '2026-01-01T00:00:07Z')).toBe(514.3);
  });

  it('is unknown before a ligand finished or before time passed', () => {
    expect(ligandsPerHour(0, '2026-01-01T00:00:00Z', '2026-01-01T01:00:00Z')).toBeNull();
    expect(ligandsPerHour(5, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')).toBeNull();
  });
});

describe('histogramEdges', () => {
  it('splits [best, worst] into equal bins ending exactly at the worst score', () => {
    const edges = histogramEdges(-9, -3, 4);
    expect(edges).toEqual([-9, -7.5, -6, -4.5, -3]);
  });

  it('gives one bin of 1 kcal/mol around a single score', () => {
    expect(histogramEdges(-6.2, -6.2, 24)).toEqual([-6.7, -5.7]);
  });
});
