import type { LedgerEntry } from '@medx/contract';
import { Empty, Flex, Table, type TableProps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format-time';
import { formatFen, formatSignedCoreHours, formatSignedFen } from '../../../lib/money';
import { testId } from '../../../lib/test-id';
import { LedgerKindTag } from '../../billing/billing-labels';
import { NEWEST_FIRST, type ServerSort, serverTableProps, sortOrderOf } from '../../billing/table-sort';
import { useAdminUserLedger } from './use-admin-users';

const PAGE_SIZE = 10;

type LedgerSortField = 'created_at' | 'amount_fen';
const SORT_FIELDS: readonly LedgerSortField[] = ['created_at', 'amount_fen'];

/** GET /v1/admin/users/{id}/ledger: the user's account record, with who adjusted what and why. */
export function UserLedger({ userId }: { userId: number }) {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<ServerSort<LedgerSortField>>(NEWEST_FIRST);
  const query = useAdminUserLedger(userId, { page, limit: PAGE_SIZE, ...sort });
  const table = serverTableProps({
    fields: SORT_FIELDS,
    page,
    pageSize: PAGE_SIZE,
    total: query.data?.total ?? 0,
    setPage,
    setSort,
  });

  const columns: TableProps<LedgerEntry>['columns'] = [
    {
      title: t('users.ledger.columns.time'),
      key: 'created_at',
      dataIndex: 'created_at',
      width: 190,
      sorter: true,
      sortOrder: sortOrderOf(sort, 'created_at'),
      render: (value: string) => formatTime(value),
    },
    {
      title: t('users.ledger.columns.kind'),
      dataIndex: 'kind',
      width: 110,
      render: (_, row) => <LedgerKindTag kind={row.kind} />,
    },
    {
      title: t('users.ledger.columns.amount'),
      key: 'amount_fen',
      dataIndex: 'amount_fen',
      width: 120,
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf(sort, 'amount_fen'),
      render: (fen: number) => (fen === 0 ? '-' : formatSignedFen(fen)),
    },
    {
      title: t('users.ledger.columns.balanceAfter'),
      dataIndex: 'balance_after_fen',
      width: 120,
      align: 'right',
      render: (fen: number) => formatFen(fen),
    },
    {
      title: t('users.ledger.columns.quota'),
      dataIndex: 'quota_core_seconds',
      width: 120,
      align: 'right',
      render: (seconds: number) => (seconds === 0 ? '-' : formatSignedCoreHours(seconds)),
    },
    {
      title: t('users.ledger.columns.detail'),
      render: (_, row) => (
        <Flex vertical>
          {row.reason && <span className="medx-admin-text">{row.reason}</span>}
          {row.order_no && (
            <Typography.Text type="secondary">{t('users.ledger.order', { no: row.order_no })}</Typography.Text>
          )}
          {row.instance_id !== null && (
            <Typography.Text type="secondary">{t('users.ledger.instance', { id: row.instance_id })}</Typography.Text>
          )}
          {row.job_id !== null && (
            <Typography.Text type="secondary">{t('users.ledger.job', { id: row.job_id })}</Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('users.ledger.columns.admin'),
      width: 110,
      render: (_, row) => row.admin?.username ?? '-',
    },
  ];

  return (
    <Table<LedgerEntry>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={query.data?.items ?? []}
      loading={query.isFetching}
      onRow={(row) => testId(`admin-ledger-row-${row.id}`)}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={query.isError ? t('loadFailed') : t('users.ledger.empty')}
          />
        ),
      }}
      onChange={table.onChange}
      pagination={{
        ...table.pagination,
        size: 'small',
        showTotal: (count) => t('users.ledger.total', { count }),
      }}
      scroll={{ x: 900 }}
      data-testid="admin-user-ledger"
    />
  );
}
