import type { BillingAccount, User } from '@medx/contract';
import { Alert, Button, Card, Col, Flex, Progress, Row, Skeleton, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBillingAccount } from '../../api/billing';
import { coreHours, formatFen } from '../../lib/money';
import { GuestBillingAlert } from '../billing/GuestBillingAlert';
import { InstanceList } from './InstanceList';

const percent = (used: number, total: number) => (total > 0 ? Math.min(100, Math.round((used / total) * 100)) : 0);

/**
 * The Basic tab's "Balance and compute" card (GET /v1/billing/account): balance, compute quota
 * used of its total, and the instances not yet ended. The query reads again every 3 s while an
 * instance is activating, so it turns Running here without a reload.
 */
export function BalanceCard({ user }: { user: User }) {
  const { t } = useTranslation('billing');
  const guest = user.user_type === 'GUEST';
  const account = useBillingAccount();
  return (
    <Card title={t('account.title')} data-testid="uc-billing-card">
      <Flex vertical gap={16}>
        {guest && <GuestBillingAlert userId={user.id} text={t('guestNote')} testId="uc-billing-guest" />}
        {account.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : account.isError ? (
          <Alert
            data-testid="uc-billing-load-failed"
            type="warning"
            showIcon
            title={t('account.loadFailed')}
            action={<Button onClick={() => void account.refetch()}>{t('retry')}</Button>}
          />
        ) : (
          <AccountFigures account={account.data} guest={guest} />
        )}
      </Flex>
    </Card>
  );
}

function AccountFigures({ account, guest }: { account: BillingAccount; guest: boolean }) {
  const { t } = useTranslation('billing');
  const navigate = useNavigate();
  const used = account.quota_used_core_seconds;
  const total = account.quota_total_core_seconds;
  // The figures' test ids sit on the value alone, so their text is exactly the formatted amount.
  return (
    <>
      <Row gutter={16}>
        {!guest && (
          <Col xs={24} md={8}>
            <Statistic
              title={t('account.balance')}
              value={account.balance_fen}
              formatter={() => <span data-testid="uc-balance">{formatFen(account.balance_fen)}</span>}
            />
          </Col>
        )}
        <Col xs={24} md={8}>
          <Statistic
            title={t('account.quotaTotal')}
            value={total}
            formatter={() => <span data-testid="uc-quota-total">{coreHours(total)}</span>}
            suffix={t('coreHoursUnit')}
          />
        </Col>
        <Col xs={24} md={8}>
          <Statistic
            title={t('account.quotaUsed')}
            value={used}
            formatter={() => <span data-testid="uc-quota-used">{coreHours(used)}</span>}
            suffix={t('coreHoursUnit')}
          />
        </Col>
      </Row>
      <Progress
        data-testid="uc-quota-progress"
        percent={percent(used, total)}
        status={total > 0 && used >= total ? 'exception' : 'normal'}
        format={() => t('account.quotaUsedOf', { used: coreHours(used), total: coreHours(total) })}
      />
      {!guest && (
        <Flex gap={8} wrap>
          <Button type="primary" data-testid="uc-buy" onClick={() => navigate('/purchase')}>
            {t('account.buy')}
          </Button>
          <Button data-testid="uc-recharge" onClick={() => navigate('/userCenter?tab=balance-recharge')}>
            {t('account.recharge')}
          </Button>
        </Flex>
      )}
      <div>
        <Typography.Title level={5}>{t('account.instances')}</Typography.Title>
        <InstanceList instances={account.instances} />
      </div>
    </>
  );
}
