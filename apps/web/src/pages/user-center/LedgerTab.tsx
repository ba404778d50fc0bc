import type { LedgerEntry } from '@medx/contract';
import { Alert, Button, Table, type TableColumnsType, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { type HTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BILLING_PAGE_SIZE, useLedger } from '../../api/billing';
import { formatTime } from '../../lib/format-time';
import { formatFen, formatSignedCoreHours, formatSignedFen } from '../../lib/money';
import { useBillingLabels } from '../billing/billing-labels';
import { NEWEST_FIRST, type ServerSort, serverTableProps, sortOrderOf } from '../billing/table-sort';

type LedgerSortField = 'created_at' | 'amount_fen';
const SORT_FIELDS: readonly LedgerSortField[] = ['created_at', 'amount_fen'];

/** Gains green, losses red, nothing plain. */
const tone = (value: number) => (value > 0 ? 'success' : value < 0 ? 'danger' : undefined);

/** What the row refers to: its order, job, instance, reason and the admin who made an adjustment. */
export function ledgerDetails(entry: LedgerEntry, t: TFunction<'billing'>): string {
  const parts = [
    entry.order_no && t('ledger.order', { no: entry.order_no }),
    entry.job_id !== null && t('ledger.job', { id: entry.job_id }),
    entry.instance_id !== null && t('ledger.instance', { id: entry.instance_id }),
    entry.reason,
    entry.admin && t('ledger.admin', { name: entry.admin.username }),
  ];
  return parts.filter((part): part is string => typeof part === 'string' && part !== '').join(' · ');
}

/**
 * The account record (GET /v1/billing/ledger): one row per change of balance or quota, sorted
 * (time, amount) and paged by the server.
 */
export function LedgerTab() {
  const { t } = useTranslation('billing');
  const labels = useBillingLabels();
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<ServerSort<LedgerSortField>>(NEWEST_FIRST);
  const ledger = useLedger({ page, limit: BILLING_PAGE_SIZE, ...sort });

  const columns: TableColumnsType<LedgerEntry> = [
    {
      key: 'created_at',
      title: t('ledger.time'),
      dataIndex: 'created_at',
      sorter: true,
      sortOrder: sortOrderOf(sort, 'created_at'),
      render: (value: string) => formatTime(value),
    },
    { key: 'kind', title: t('ledger.kind'), dataIndex: 'kind', render: labels.ledgerKind },
    {
      key: 'amount_fen',
      title: t('ledger.amount'),
      dataIndex: 'amount_fen',
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf(sort, 'amount_fen'),
      render: (fen: number) => <Typography.Text type={tone(fen)}>{formatSignedFen(fen)}</Typography.Text>,
    },
    {
      key: 'balance_after_fen',
      title: t('ledger.balanceAfter'),
      dataIndex: 'balance_after_fen',
      align: 'right',
      render: formatFen,
    },
    {
      key: 'quota_core_seconds',
      title: t('ledger.quotaChange'),
      dataIndex: 'quota_core_seconds',
      align: 'right',
      render: (seconds: number) => (
        <Typography.Text type={tone(seconds)}>{formatSignedCoreHours(seconds)}</Typography.Text>
      ),
    },
    { key: 'details', title: t('ledger.details'), render: (_: unknown, entry) => ledgerDetails(entry, t) },
  ];

  if (ledger.isError && !ledger.data) {
    return (
      <Alert
        data-testid="ledger-load-failed"
        type="warning"
        showIcon
        title={t('ledger.loadFailed')}
        action={<Button onClick={() => void ledger.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  return (
    <Table<LedgerEntry>
      data-testid="ledger-table"
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={ledger.data?.items ?? []}
      loading={ledger.isPending || ledger.isPlaceholderData}
      locale={{ emptyText: <span data-testid="ledger-empty">{t('ledger.empty')}</span> }}
      onRow={(entry) => ({ 'data-testid': 'ledger-row', 'data-kind': entry.kind }) as HTMLAttributes<HTMLElement>}
      {...serverTableProps({
        fields: SORT_FIELDS,
        page,
        pageSize: BILLING_PAGE_SIZE,
        total: ledger.data?.total ?? 0,
        setPage,
        setSort,
      })}
      scroll={{ x: 900 }}
    />
  );
}
