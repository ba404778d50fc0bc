import { type AdminOrder, type AdminOrderQuery, ORDER_STATUSES } from '@medx/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Flex, Segmented, Select, Table, type TableProps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminOrdersApi } from '../../../api/admin';
import { unwrap } from '../../../api/client';
import { formatTime } from '../../../lib/format-time';
import { formatFen } from '../../../lib/money';
import { testId } from '../../../lib/test-id';
import { OrderKindTag, OrderStatusTag, useBillingLabels } from '../../billing/billing-labels';
import { AdminSectionHeader } from '../AdminSectionHeader';

export const adminOrdersKey = ['admin', 'orders'] as const;
const PAGE_SIZE = 10;

type KindFilter = AdminOrderQuery['kind'];
type StatusFilter = AdminOrderQuery['status'];
const KIND_FILTERS: KindFilter[] = ['all', 'INSTANCE', 'RECHARGE'];
const STATUS_FILTERS: StatusFilter[] = ['all', ...ORDER_STATUSES];

/** The admin panel's Orders: every user's instance orders and recharges, newest first. */
export function AdminOrdersSection() {
  const { t } = useTranslation('admin');
  const labels = useBillingLabels();
  const [kind, setKind] = useState<KindFilter>('all');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: [...adminOrdersKey, kind, status, page],
    placeholderData: keepPreviousData,
    queryFn: async () => unwrap(await adminOrdersApi.list({ page, limit: PAGE_SIZE, kind, status })),
  });

  const columns: TableProps<AdminOrder>['columns'] = [
    {
      title: t('orders.columns.orderNo'),
      dataIndex: 'order_no',
      width: 210,
      render: (no: string) => <Typography.Text copyable={{ text: no }}>{no}</Typography.Text>,
    },
    {
      title: t('orders.columns.user'),
      width: 150,
      render: (_, row) => t('userRef', { name: row.user.username, id: row.user.id }),
    },
    {
      title: t('orders.columns.kind'),
      dataIndex: 'kind',
      width: 100,
      render: (_, row) => <OrderKindTag kind={row.kind} />,
    },
    {
      title: t('orders.columns.details'),
      render: (_, row) =>
        row.kind === 'RECHARGE' ? (
          t('orders.provider', { provider: row.provider })
        ) : (
          <Flex vertical>
            <span>
              {[
                row.level && labels.level(row.level),
                row.pay_type && labels.payType(row.pay_type),
                row.months !== null && t('orders.months', { count: row.months }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
            {row.instance_id !== null && (
              <Typography.Text type="secondary">{t('orders.instance', { id: row.instance_id })}</Typography.Text>
            )}
          </Flex>
        ),
    },
    {
      title: t('orders.columns.amount'),
      dataIndex: 'amount_fen',
      width: 120,
      align: 'right',
      render: (fen: number) => formatFen(fen),
    },
    {
      title: t('orders.columns.status'),
      dataIndex: 'status',
      width: 130,
      render: (_, row) => (
        <Flex vertical gap={2} align="flex-start">
          <OrderStatusTag status={row.status} />
          {row.error && <Typography.Text type="danger">{row.error}</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: t('orders.columns.times'),
      width: 280,
      render: (_, row) => (
        <Flex vertical>
          <span>{t('orders.created', { time: formatTime(row.created_at) })}</span>
          {row.paid_at && <span>{t('orders.paid', { time: formatTime(row.paid_at) })}</span>}
          {row.completed_at && <span>{t('orders.completed', { time: formatTime(row.completed_at) })}</span>}
        </Flex>
      ),
    },
  ];

  return (
    <section aria-labelledby="admin-orders-title">
      <AdminSectionHeader id="admin-orders-title" title={t('orders.title')} intro={t('orders.intro')} />
      <Flex gap={12} wrap align="center" style={{ marginBottom: 12 }}>
        <Segmented<KindFilter>
          value={kind}
          onChange={(next) => {
            setKind(next);
            setPage(1);
          }}
          options={KIND_FILTERS.map((value) => ({ value, label: t(`orders.filters.kind.${value}`) }))}
          data-testid="admin-orders-kind"
        />
        <Select<StatusFilter>
          value={status}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
          }}
          options={STATUS_FILTERS.map((value) => ({
            value,
            label: value === 'all' ? t('orders.filters.allStatuses') : labels.orderStatus(value),
          }))}
          style={{ width: 180 }}
          aria-label={t('orders.columns.status')}
          data-testid="admin-orders-status"
        />
      </Flex>
      <Table<AdminOrder>
        rowKey="order_no"
        size="middle"
        columns={columns}
        dataSource={query.data?.items ?? []}
        loading={query.isFetching}
        onRow={(row) => testId(`admin-order-row-${row.order_no}`)}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={query.isError ? t('loadFailed') : t('orders.empty')}
            >
              {query.isError && <Button onClick={() => void query.refetch()}>{t('messages.retry')}</Button>}
            </Empty>
          ),
        }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: query.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (count) => t('orders.total', { count }),
          onChange: setPage,
        }}
        scroll={{ x: 1150 }}
      />
    </section>
  );
}
