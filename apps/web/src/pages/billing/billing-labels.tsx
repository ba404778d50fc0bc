import {
  ACTIVATING_STATUSES,
  type InstanceLevel,
  type InstanceStatus,
  type LedgerKind,
  type OrderKind,
  type OrderStatus,
  type PayType,
} from '@medx/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The billing words of the User Center and the Purchase page (no route of its own): levels, pay
 * types, statuses and ledger kinds in the reader's language, and the status tags.
 */

/** Spec §4: pending, initializing and starting all display as activating. */
export type InstanceDisplay = 'activating' | Exclude<InstanceStatus, 'pending' | 'initializing' | 'starting'>;

export function instanceDisplay(status: InstanceStatus): InstanceDisplay {
  return ACTIVATING_STATUSES.includes(status) ? 'activating' : (status as InstanceDisplay);
}

export function useBillingLabels() {
  const { t } = useTranslation('billing');
  return {
    level: (level: InstanceLevel) => t(`levels.${level}`),
    payType: (payType: PayType) => t(`payTypes.${payType}`),
    instanceStatus: (status: InstanceStatus) => t(`instanceStatus.${instanceDisplay(status)}`),
    orderStatus: (status: OrderStatus) => t(`orderStatus.${status}`),
    ledgerKind: (kind: LedgerKind) => t(`ledgerKinds.${kind}`),
    orderKind: (kind: OrderKind) => t(`orderKinds.${kind}`),
  };
}

const INSTANCE_COLORS: Record<InstanceDisplay, string> = {
  activating: 'processing',
  running: 'success',
  failed: 'error',
  expired: 'default',
};

export function InstanceStatusTag({ status, testId }: { status: InstanceStatus; testId?: string }) {
  const labels = useBillingLabels();
  return (
    <Tag color={INSTANCE_COLORS[instanceDisplay(status)]} data-testid={testId} data-status={status}>
      {labels.instanceStatus(status)}
    </Tag>
  );
}

const ORDER_COLORS: Record<OrderStatus, string> = {
  pending: 'gold',
  paid: 'processing',
  complete: 'success',
  canceled: 'default',
  payment_error: 'error',
};

export function OrderStatusTag({ status, testId }: { status: OrderStatus; testId?: string }) {
  const labels = useBillingLabels();
  return (
    <Tag color={ORDER_COLORS[status]} data-testid={testId} data-status={status}>
      {labels.orderStatus(status)}
    </Tag>
  );
}

export function OrderKindTag({ kind }: { kind: OrderKind }) {
  const labels = useBillingLabels();
  return <Tag color={kind === 'RECHARGE' ? 'gold' : 'blue'}>{labels.orderKind(kind)}</Tag>;
}

export function LedgerKindTag({ kind }: { kind: LedgerKind }) {
  const labels = useBillingLabels();
  return <Tag>{labels.ledgerKind(kind)}</Tag>;
}
