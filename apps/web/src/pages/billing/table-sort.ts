/** antd's column sort order. */
export type SortOrder = 'ascend' | 'descend' | null;

/** A server-side sort of the billing records (their `sort_by` and `order` query values). */
export interface ServerSort<F extends string> {
  sort_by: F;
  order: 'asc' | 'desc';
}

/** Newest first: what the server does without sort values. */
export const NEWEST_FIRST = { sort_by: 'created_at', order: 'desc' } as const;

/**
 * antd's sorter (column key, ascend/descend/none) → the server's sort; a cleared sort or an
 * unknown column goes back to newest first.
 */
export function sortFromTable<F extends string>(
  fields: readonly F[],
  columnKey: unknown,
  order: SortOrder | undefined,
): ServerSort<F | 'created_at'> {
  if (!order || !fields.includes(columnKey as F)) return NEWEST_FIRST;
  return { sort_by: columnKey as F, order: order === 'ascend' ? 'asc' : 'desc' };
}

/** The column's arrow for the current sort (antd's controlled sortOrder). */
export function sortOrderOf<F extends string>(sort: ServerSort<F>, field: F): SortOrder {
  if (sort.sort_by !== field) return null;
  return sort.order === 'asc' ? 'ascend' : 'descend';
}

/**
 * The props a server-paged, server-sorted record table shares (account, purchase and recharge
 * records): sorting goes back to page 1, pages have a fixed size.
 */
export function serverTableProps<F extends string>(options: {
  /** The sortable columns; created_at among them (a cleared sort goes back to it). */
  fields: readonly (F | 'created_at')[];
  page: number;
  pageSize: number;
  total: number;
  setPage: (page: number) => void;
  setSort: (sort: ServerSort<F | 'created_at'>) => void;
}) {
  return {
    onChange: (
      _pagination: unknown,
      _filters: unknown,
      sorter: { columnKey?: unknown; order?: SortOrder } | unknown[],
      extra: { action: string },
    ) => {
      if (extra.action !== 'sort' || Array.isArray(sorter)) return;
      options.setSort(sortFromTable(options.fields, sorter.columnKey, sorter.order));
      options.setPage(1);
    },
    pagination: {
      current: options.page,
      pageSize: options.pageSize,
      total: options.total,
      showSizeChanger: false,
      onChange: options.setPage,
    },
  };
}
