import { useCallback, useEffect, useRef, useState } from 'react';
import { appliedFilters, DEFAULT_SORT, type Filters, NO_FILTERS, PAGE_SIZE, type SortState } from './filters';

/** Typed filters reach the server once typing pauses this long. */
export const FILTER_DEBOUNCE_MS = 350;

/**
 * The table's state: the filters shown (`draft`), those sent (`applied`), the sort and the page.
 * Typed values (texts, numbers) are applied after a pause, choices (selects, a histogram bar,
 * Failures) at once; any new filter or sort goes back to page 1.
 */
export function useScreeningFilters() {
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [applied, setApplied] = useState<Filters>(NO_FILTERS);
  const [sort, setSortState] = useState<SortState>(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const latest = useRef(draft);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancelTimer = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }, []);
  useEffect(() => cancelTimer, [cancelTimer]);

  const apply = useCallback((filters: Filters) => {
    setApplied(appliedFilters(filters));
    setPage(1);
  }, []);

  /** Changes some filters; `immediate` for choices, typed values wait for the pause. */
  const change = useCallback(
    (patch: Partial<Filters>, immediate = false) => {
      const next = { ...latest.current, ...patch };
      latest.current = next;
      setDraft(next);
      cancelTimer();
      if (immediate) apply(next);
      else timer.current = setTimeout(() => apply(latest.current), FILTER_DEBOUNCE_MS);
    },
    [apply, cancelTimer],
  );

  const reset = useCallback(() => {
    latest.current = NO_FILTERS;
    setDraft(NO_FILTERS);
    cancelTimer();
    apply(NO_FILTERS);
  }, [apply, cancelTimer]);

  const setSort = useCallback((next: SortState) => {
    setSortState(next);
    setPage(1);
  }, []);

  const paginate = useCallback(
    (nextPage: number, nextSize: number) => {
      setPage(nextSize === pageSize ? nextPage : 1);
      setPageSize(nextSize);
    },
    [pageSize],
  );

  return { draft, applied, sort, page, pageSize, change, reset, setSort, paginate };
}
