import { describe, expect, it } from 'vitest';
import { NEWEST_FIRST, sortFromTable, sortOrderOf } from './table-sort';

const FIELDS = ['created_at', 'amount_fen'] as const;

describe('server-side sort of the billing tables', () => {
  it('maps antd sorters to sort_by and order', () => {
    expect(sortFromTable(FIELDS, 'amount_fen', 'ascend')).toEqual({ sort_by: 'amount_fen', order: 'asc' });
    expect(sortFromTable(FIELDS, 'created_at', 'descend')).toEqual({ sort_by: 'created_at', order: 'desc' });
  });

  it('goes back to newest first when the sort is cleared or the column is not sortable', () => {
    expect(sortFromTable(FIELDS, 'amount_fen', null)).toEqual(NEWEST_FIRST);
    expect(sortFromTable(FIELDS, 'status', 'ascend')).toEqual(NEWEST_FIRST);
  });

  it('shows the arrow on the sorted column only', () => {
    const sort = { sort_by: 'amount_fen', order: 'asc' } as const;
    expect(sortOrderOf(sort, 'amount_fen')).toBe('ascend');
    expect(sortOrderOf(sort, 'created_at')).toBeNull();
    expect(sortOrderOf(NEWEST_FIRST, 'created_at')).toBe('descend');
  });
});
