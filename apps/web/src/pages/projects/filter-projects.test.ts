import type { Project } from '@medx/contract';
import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER, filterProjects, isFilterActive } from './filter-projects';
import { listQueryFor } from './use-projects';

function buildProject(overrides: Partial<Project> = {}): Project {
  return {
    id: 1,
    project_name: 'Kinase',
    creator_id: 1,
    creator: { id: 1, username: 'ada', email: 'ada@example.org' },
    created_at: '2024-01-10T08:00:00Z',
    updated_at: '2024-03-05T08:00:00Z',
    role: 'OWNER',
    is_shared: false,
    ...overrides,
  };
}

const items = [
  buildProject(),
  buildProject({ id: 12, project_name: 'BACE1 set', created_at: '2024-02-01 00:00:00', updated_at: '2024-02-02' }),
  buildProject({ id: 3, project_name: 'kinase-2', created_at: '2023-12-31T23:59:59Z' }),
];

const day = (iso: string) => Date.parse(iso);

describe('filterProjects', () => {
  it('keeps everything without a filter', () => {
    expect(filterProjects(items, EMPTY_FILTER)).toHaveLength(3);
    expect(isFilterActive(EMPTY_FILTER)).toBe(false);
  });

  it('matches part of the name in any case, or the exact id', () => {
    expect(filterProjects(items, { ...EMPTY_FILTER, query: 'KINASE' }).map((p) => p.id)).toEqual([1, 3]);
    expect(filterProjects(items, { ...EMPTY_FILTER, query: ' 12 ' }).map((p) => p.id)).toEqual([12]);
    expect(filterProjects(items, { ...EMPTY_FILTER, query: '2' }).map((p) => p.id)).toEqual([3]);
  });

  it('filters by inclusive time ranges, reading zone-less times as UTC', () => {
    const created = [day('2024-01-01T00:00:00Z'), day('2024-02-01T00:00:00Z')] as const;
    expect(filterProjects(items, { ...EMPTY_FILTER, created }).map((p) => p.id)).toEqual([1, 12]);
    const updated = [day('2024-02-02T00:00:00Z'), day('2024-02-02T23:59:59Z')] as const;
    expect(filterProjects(items, { ...EMPTY_FILTER, updated }).map((p) => p.id)).toEqual([12]);
    expect(isFilterActive({ ...EMPTY_FILTER, updated })).toBe(true);
  });
});

describe('listQueryFor (spec §6 tab filter)', () => {
  it('sends nothing for All, false for Owner, true for Shared', () => {
    expect(listQueryFor('all', 1, 10)).toEqual({ page: 1, limit: 10 });
    expect(listQueryFor('owner', 2, 20)).toEqual({ page: 2, limit: 20, is_shared: 'false' });
    expect(listQueryFor('shared', 1, 10)).toEqual({ page: 1, limit: 10, is_shared: 'true' });
    expect(listQueryFor('recycled', 1, 10)).toEqual({ page: 1, limit: 10, recycled: 'true' });
  });
});
