import {
  BILLING_LIMITS,
  type InstanceLevel,
  type InstanceOrderRequest,
  type LevelSpec,
  PAY_TYPES,
  type PayType,
} from '@medx/contract';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Descriptions,
  type DescriptionsProps,
  Flex,
  Form,
  Radio,
  Result,
  Row,
  Select,
  Skeleton,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { billingApi, useBillingAccount, useBillingLevels, useInvalidateBilling } from '../../api/billing';
import { useCurrentUser } from '../../api/session';
import { formatFen } from '../../lib/money';
import { useBillingLabels } from '../billing/billing-labels';
import { GuestBillingAlert } from '../billing/GuestBillingAlert';
import { LevelCards } from './LevelCards';
import { TermsModal } from './TermsModal';

const MONTHS = Array.from({ length: BILLING_LIMITS.monthsMax }, (_, index) => index + 1);

/**
 * /purchase (spec §2, §5): a level, a pay type and (prepaid) a number of months; the summary with
 * the total and the balance; the terms. Confirm creates the order and pays it from the balance
 * (POST /v1/billing/orders, then /pay); a short balance leaves it pending in the purchase record.
 */
export function PurchasePage() {
  const { t } = useTranslation('billing');
  const levels = useBillingLevels();
  return (
    <Card data-testid="purchase-page">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('purchase.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('purchase.intro')}</Typography.Paragraph>
      {levels.isPending ? (
        <Skeleton data-testid="purchase-loading" active paragraph={{ rows: 6 }} />
      ) : levels.isError || levels.data.length === 0 ? (
        <Result
          data-testid="purchase-load-failed"
          status="warning"
          title={t('purchase.loadFailed')}
          extra={<Button onClick={() => void levels.refetch()}>{t('retry')}</Button>}
        />
      ) : (
        <PurchaseForm levels={levels.data} />
      )}
    </Card>
  );
}

function PurchaseForm({ levels }: { levels: LevelSpec[] }) {
  const { t } = useTranslation('billing');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const labels = useBillingLabels();
  const invalidate = useInvalidateBilling();
  const { user } = useCurrentUser();
  const account = useBillingAccount();
  const guest = user?.user_type === 'GUEST';

  const [level, setLevel] = useState<InstanceLevel>(levels[0]!.level);
  const [payType, setPayType] = useState<PayType>('prePaid');
  const [months, setMonths] = useState(1);
  const [accepted, setAccepted] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  /** The order created but not paid (balance short): it waits in the purchase record. */
  const [unpaid, setUnpaid] = useState<string | null>(null);

  const spec = levels.find((item) => item.level === level) ?? levels[0]!;
  const prePaid = payType === 'prePaid';

  const confirm = async () => {
    if (!accepted) {
      // Spec §5: this text, in Chinese whatever the language.
      message.error(t('msg:termsNotAccepted'));
      return;
    }
    setSubmitting(true);
    setUnpaid(null);
    const request: InstanceOrderRequest = prePaid
      ? { level, pay_type: payType, months, accept_terms: true }
      : { level, pay_type: payType, accept_terms: true };
    const created = await billingApi.createOrder(request);
    if (!created.success) {
      setSubmitting(false);
      return;
    }
    const paid = await billingApi.payOrder(created.data.order_no);
    setSubmitting(false);
    void invalidate();
    if (!paid.success) {
      // The client showed the server's reason (balance short); say where the order is.
      setUnpaid(created.data.order_no);
      return;
    }
    message.success(t('msg:orderPaid'));
    navigate('/userCenter?tab=basic');
  };

  const summary: DescriptionsProps['items'] = [
    { key: 'level', label: t('purchase.level'), children: labels.level(level) },
    { key: 'payType', label: t('purchase.payType'), children: labels.payType(payType) },
    ...(prePaid ? [{ key: 'months', label: t('purchase.months'), children: t('months', { count: months }) }] : []),
    {
      key: 'total',
      label: t('purchase.total'),
      children: (
        <Typography.Text strong data-testid="purchase-total">
          {prePaid
            ? formatFen(spec.month_price_fen * months)
            : t('purchase.postPaidTotal', { price: formatFen(spec.core_hour_price_fen) })}
        </Typography.Text>
      ),
    },
    {
      key: 'balance',
      label: t('purchase.balance'),
      children: (
        <span data-testid="purchase-balance">
          {account.data ? formatFen(account.data.balance_fen) : account.isPending ? '…' : '-'}
        </span>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      {guest && user && <GuestBillingAlert userId={user.id} text={t('purchase.guest')} testId="purchase-guest" />}
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={16}>
          <Form layout="vertical" component="div">
            <Form.Item label={t('purchase.level')}>
              <LevelCards levels={levels} value={level} onChange={setLevel} />
            </Form.Item>
            <Form.Item label={t('purchase.payType')}>
              <Radio.Group value={payType} onChange={(event) => setPayType(event.target.value as PayType)}>
                {PAY_TYPES.map((type) => (
                  <Radio key={type} value={type} data-testid={`purchase-paytype-${type}`}>
                    {labels.payType(type)}
                  </Radio>
                ))}
              </Radio.Group>
            </Form.Item>
            {prePaid && (
              <Form.Item label={t('purchase.months')}>
                <Select<number>
                  data-testid="purchase-months"
                  value={months}
                  onChange={setMonths}
                  options={MONTHS.map((count) => ({ value: count, label: t('months', { count }) }))}
                  style={{ width: 160 }}
                />
              </Form.Item>
            )}
          </Form>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('purchase.summary')} data-testid="purchase-summary" size="small">
            <Flex vertical gap={12}>
              <Descriptions column={1} size="small" items={summary} />
              {/* The link stays outside the checkbox's label: opening the terms does not tick it. */}
              <span>
                <Checkbox
                  data-testid="purchase-terms"
                  checked={accepted}
                  onChange={(event) => setAccepted(event.target.checked)}
                >
                  {t('purchase.termsAgree')}
                </Checkbox>
                <Typography.Link data-testid="purchase-terms-link" onClick={() => setTermsOpen(true)}>
                  {t('purchase.termsLink')}
                </Typography.Link>
              </span>
              <Button
                type="primary"
                block
                data-testid="purchase-confirm"
                loading={submitting}
                disabled={guest}
                onClick={() => void confirm()}
              >
                {t('purchase.confirm')}
              </Button>
              {unpaid && (
                <Alert
                  data-testid="purchase-pay-failed"
                  type="warning"
                  showIcon
                  title={t('purchase.payFailedTitle')}
                  description={
                    <Flex vertical gap={4}>
                      <span>{t('purchase.payFailed')}</span>
                      <Flex gap={12} wrap>
                        <Link to="/userCenter?tab=balance-recharge" data-testid="purchase-pay-failed-recharge">
                          {t('purchase.rechargeLink')}
                        </Link>
                        <Link
                          to={`/userCenter?${new URLSearchParams({ tab: 'purchase-record', order: unpaid })}`}
                          data-testid="purchase-pay-failed-record"
                        >
                          {t('purchase.recordLink')}
                        </Link>
                      </Flex>
                    </Flex>
                  }
                />
              )}
            </Flex>
          </Card>
        </Col>
      </Row>
      <TermsModal
        open={termsOpen}
        onClose={() => setTermsOpen(false)}
        onAccept={() => {
          setAccepted(true);
          setTermsOpen(false);
        }}
      />
    </Flex>
  );
}
