import { BILLING_LIMITS, type User } from '@medx/contract';
import { Alert, Button, Card, Flex, Form, InputNumber, Skeleton, Statistic } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { billingApi, useBillingAccount } from '../../api/billing';
import { formatFen, yuanToFen } from '../../lib/money';
import { GuestBillingAlert } from '../billing/GuestBillingAlert';

/** Quick amounts in yuan. */
const PRESETS = [10, 50, 100, 500] as const;
const MIN_YUAN = BILLING_LIMITS.rechargeMinFen / 100;
const MAX_YUAN = BILLING_LIMITS.rechargeMaxFen / 100;

interface RechargeValues {
  amount: number | null;
}

/**
 * Balance recharge (POST /v1/billing/recharges): an amount in yuan, sent in fen; the browser then
 * goes to the payment provider's checkout, which returns to the recharge record. The sandbox
 * provider is said plainly, so nobody thinks real money moved.
 */
export function RechargeTab({ user }: { user: User }) {
  const { t } = useTranslation('billing');
  const account = useBillingAccount();
  const [form] = Form.useForm<RechargeValues>();
  const [submitting, setSubmitting] = useState(false);
  const guest = user.user_type === 'GUEST';

  const submit = async ({ amount }: RechargeValues) => {
    if (amount === null || submitting) return;
    setSubmitting(true);
    const answer = await billingApi.recharge({ amount_fen: yuanToFen(amount) });
    if (!answer.success) {
      setSubmitting(false);
      return;
    }
    // Stays busy: the page is about to be left.
    window.location.assign(answer.data.checkout_url);
  };

  return (
    <Card title={t('recharge.title')} data-testid="recharge-card">
      <Flex vertical gap={16} style={{ maxWidth: 520 }}>
        {guest && <GuestBillingAlert userId={user.id} text={t('guestNote')} testId="recharge-guest" />}
        {account.data?.payment_sandbox && (
          <Alert data-testid="payment-sandbox-notice" type="warning" showIcon title={t('sandboxNotice')} />
        )}
        {account.isPending ? (
          <Skeleton active paragraph={{ rows: 1 }} />
        ) : (
          <Statistic
            title={t('recharge.balance')}
            value={account.data?.balance_fen ?? 0}
            formatter={() => (
              <span data-testid="recharge-balance">{account.data ? formatFen(account.data.balance_fen) : '-'}</span>
            )}
          />
        )}
        {/* No <form> element: Enter in the amount submits through onPressEnter, exactly once. */}
        <Form<RechargeValues>
          form={form}
          component={false}
          layout="vertical"
          initialValues={{ amount: null }}
          onFinish={(values) => void submit(values)}
          disabled={guest}
        >
          <Form.Item label={t('recharge.presets')}>
            <Flex gap={8} wrap>
              {PRESETS.map((yuan) => (
                <Button
                  key={yuan}
                  data-testid={`recharge-preset-${yuan}`}
                  onClick={() => form.setFieldsValue({ amount: yuan })}
                >
                  {formatFen(yuan * 100)}
                </Button>
              ))}
            </Flex>
          </Form.Item>
          <Form.Item
            name="amount"
            label={t('recharge.amount')}
            extra={t('recharge.hint')}
            rules={[
              { required: true, message: t('recharge.amountRequired') },
              { type: 'number', min: MIN_YUAN, message: t('msg:rechargeTooSmall') },
              { type: 'number', max: MAX_YUAN, message: t('msg:rechargeTooLarge') },
            ]}
          >
            <InputNumber<number>
              data-testid="recharge-amount"
              prefix="¥"
              min={MIN_YUAN}
              max={MAX_YUAN}
              precision={2}
              step={10}
              style={{ width: 240 }}
              onPressEnter={() => form.submit()}
            />
          </Form.Item>
          <Button type="primary" data-testid="recharge-submit" loading={submitting} onClick={() => form.submit()}>
            {t('recharge.submit')}
          </Button>
        </Form>
      </Flex>
    </Card>
  );
}
