import type { Project } from '@medx/contract';
import { parseApiTime } from '../../lib/format-time';

/** Inclusive range of epoch milliseconds. */
export type TimeRange = readonly [number, number];

export interface ProjectFilter {
  /** Part of the project name (any case), or the exact project id. */
  query: string;
  updated: TimeRange | null;
  created: TimeRange | null;
}

export const EMPTY_FILTER: ProjectFilter = { query: '', updated: null, created: null };

export function isFilterActive(filter: ProjectFilter): boolean {
  return Boolean(filter.query.trim() || filter.updated || filter.created);
}

function inRange(value: string, range: TimeRange | null): boolean {
  if (!range) return true;
  const time = parseApiTime(value)?.getTime();
  return time !== undefined && time >= range[0] && time <= range[1];
}

/**
 * The advanced search (spec §2). The spec says the panel is not wired to calls, and the
 * list API takes no search fields, so it narrows the page already loaded, client-side.
 */
export function filterProjects(items: readonly Project[], filter: ProjectFilter): Project[] {
  const query = filter.query.trim().toLowerCase();
  return items.filter((project) => {
    if (query && !project.project_name.toLowerCase().includes(query) && String(project.id) !== query) return false;
    return inRange(project.updated_at, filter.updated) && inRange(project.created_at, filter.created);
  });
}
