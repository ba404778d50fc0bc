import type { Order, OrderKind, OrderList } from '@medx/contract';
import { Alert, App, Button, Space, Table, type TableColumnsType, Typography } from 'antd';
import { type HTMLAttributes, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BILLING_PAGE_SIZE, billingApi, useInvalidateBilling, useOrders } from '../../api/billing';
import { formatTime } from '../../lib/format-time';
import { formatFen } from '../../lib/money';
import { OrderStatusTag, useBillingLabels } from '../billing/billing-labels';
import { NEWEST_FIRST, type ServerSort, serverTableProps, sortOrderOf } from '../billing/table-sort';

type OrderSortField = 'created_at' | 'amount_fen' | 'status';
const SORT_FIELDS: readonly OrderSortField[] = ['created_at', 'amount_fen', 'status'];

/**
 * How long a recharge just back from its checkout is read again while still pending: the
 * provider's callback usually lands within seconds; after this the user can reload.
 */
const RETURN_POLL_MS = 60_000;

/** The order the payment provider's return names (`?order=`), pending in this list. */
const pendingIn = (list: OrderList, orderNo: string | null) =>
  orderNo !== null && list.items.some((order) => order.order_no === orderNo && order.status === 'pending');

/**
 * The purchase record (instance orders) or the recharge record (GET /v1/billing/orders?kind=):
 * sorted (time, amount, status) and paged by the server. A pending instance order can be paid
 * from the balance or canceled; a pending recharge canceled. `?order=` highlights its row.
 */
export function OrdersTab({ kind }: { kind: OrderKind }) {
  const { t } = useTranslation('billing');
  const { message } = App.useApp();
  const labels = useBillingLabels();
  const invalidate = useInvalidateBilling();
  const [params] = useSearchParams();
  const highlighted = params.get('order');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<ServerSort<OrderSortField>>(NEWEST_FIRST);
  const [busy, setBusy] = useState<string | null>(null);
  const mountedAt = useRef(Date.now());
  const orders = useOrders(
    { kind, page, limit: BILLING_PAGE_SIZE, ...sort },
    { pollWhile: (list) => Date.now() - mountedAt.current < RETURN_POLL_MS && pendingIn(list, highlighted) },
  );

  const act = async (order: Order, action: 'pay' | 'cancel') => {
    setBusy(`${action}-${order.order_no}`);
    const answer =
      action === 'pay' ? await billingApi.payOrder(order.order_no) : await billingApi.cancelOrder(order.order_no);
    setBusy(null);
    // A failure (balance short, no longer pending) was said by the client's toast.
    if (answer.success) message.success(t(action === 'pay' ? 'msg:orderPaid' : 'msg:orderCanceled'));
    await invalidate();
  };

  const item = (order: Order) => {
    if (!order.level || !order.pay_type) return '-';
    const parts = [labels.level(order.level), labels.payType(order.pay_type)];
    if (order.pay_type === 'prePaid' && order.months) parts.push(t('months', { count: order.months }));
    return parts.join(' · ');
  };

  const columns: TableColumnsType<Order> = [
    {
      key: 'order_no',
      title: t('orders.orderNo'),
      dataIndex: 'order_no',
      render: (orderNo: string) => <Typography.Text code>{orderNo}</Typography.Text>,
    },
    {
      key: 'created_at',
      title: t('orders.time'),
      dataIndex: 'created_at',
      sorter: true,
      sortOrder: sortOrderOf(sort, 'created_at'),
      render: (value: string) => formatTime(value),
    },
    ...(kind === 'INSTANCE'
      ? [{ key: 'item', title: t('orders.item'), render: (_: unknown, order: Order) => item(order) }]
      : []),
    {
      key: 'amount_fen',
      title: t('orders.amount'),
      dataIndex: 'amount_fen',
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf(sort, 'amount_fen'),
      render: formatFen,
    },
    {
      key: 'status',
      title: t('orders.status'),
      dataIndex: 'status',
      sorter: true,
      sortOrder: sortOrderOf(sort, 'status'),
      render: (_: unknown, order) => <OrderStatusTag status={order.status} testId={`order-status-${order.order_no}`} />,
    },
    {
      key: 'done',
      title: t('orders.doneTime'),
      render: (_: unknown, order) => formatTime(order.completed_at ?? order.paid_at),
    },
    {
      key: 'actions',
      title: t('orders.actions'),
      render: (_: unknown, order) =>
        order.status === 'pending' && (
          <Space size={4}>
            {kind === 'INSTANCE' && (
              <Button
                size="small"
                type="primary"
                data-testid={`order-pay-${order.order_no}`}
                loading={busy === `pay-${order.order_no}`}
                disabled={busy !== null}
                onClick={() => void act(order, 'pay')}
              >
                {t('orders.pay')}
              </Button>
            )}
            <Button
              size="small"
              data-testid={`order-cancel-${order.order_no}`}
              loading={busy === `cancel-${order.order_no}`}
              disabled={busy !== null}
              onClick={() => void act(order, 'cancel')}
            >
              {t('orders.cancel')}
            </Button>
          </Space>
        ),
    },
  ];

  if (orders.isError && !orders.data) {
    return (
      <Alert
        data-testid={`orders-load-failed-${kind}`}
        type="warning"
        showIcon
        title={t('orders.loadFailed')}
        action={<Button onClick={() => void orders.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  return (
    <Table<Order>
      data-testid={`orders-table-${kind}`}
      size="small"
      rowKey="order_no"
      columns={columns}
      dataSource={orders.data?.items ?? []}
      loading={orders.isPending || orders.isPlaceholderData}
      locale={{ emptyText: <span data-testid={`orders-empty-${kind}`}>{t(`orders.empty${kind}`)}</span> }}
      // antd's own selected-row shade: the row the checkout returned for stands out as a selection would.
      rowClassName={(order) => (order.order_no === highlighted ? 'ant-table-row-selected' : '')}
      onRow={(order) =>
        ({
          'data-testid': `order-row-${order.order_no}`,
          'data-highlighted': order.order_no === highlighted ? 'true' : undefined,
        }) as HTMLAttributes<HTMLElement>
      }
      {...serverTableProps({
        fields: SORT_FIELDS,
        page,
        pageSize: BILLING_PAGE_SIZE,
        total: orders.data?.total ?? 0,
        setPage,
        setSort,
      })}
      scroll={{ x: 900 }}
    />
  );
}
