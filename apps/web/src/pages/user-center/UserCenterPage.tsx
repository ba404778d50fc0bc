import type { User } from '@medx/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Result, Skeleton, Tabs, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../api/session';
import { BalanceCard } from './BalanceCard';
import { BasicInfoCard } from './BasicInfoCard';
import { ChangePasswordCard } from './ChangePasswordCard';
import { LedgerTab } from './LedgerTab';
import { OrdersTab } from './OrdersTab';
import { QuotaCard } from './QuotaCard';
import { RechargeTab } from './RechargeTab';

/** The tabs, as `?tab=` names them (the checkout comes back to `?tab=recharge-record&order=`). */
export const USER_CENTER_TABS = [
  'basic',
  'account-record',
  'purchase-record',
  'recharge-record',
  'balance-recharge',
] as const;
export type UserCenterTab = (typeof USER_CENTER_TABS)[number];

const isTab = (value: string | null): value is UserCenterTab =>
  value !== null && (USER_CENTER_TABS as readonly string[]).includes(value);

/**
 * /userCenter (spec §2): basic info with balance, compute and quotas; the account, purchase and
 * recharge records; balance recharge. The open tab follows `?tab=` so links and the payment
 * provider's return land on the right one.
 */
export function UserCenterPage() {
  const { t } = useTranslation('auth');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab');
  const active: UserCenterTab = isTab(tab) ? tab : 'basic';
  // Another tab drops `order=` (the row it highlights belongs to the tab the checkout returned to).
  const select = (key: string) => setParams({ tab: key }, { replace: true });

  const withUser = (render: (user: User) => ReactNode) => <WithUser render={render} />;
  return (
    <div style={{ padding: 24, maxWidth: 1100, marginInline: 'auto' }}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('userCenterTitle')}
      </Typography.Title>
      <Tabs
        activeKey={active}
        onChange={select}
        items={[
          { key: 'basic', label: t('tabBasicInfo'), children: withUser((user) => <BasicInfoTab user={user} />) },
          { key: 'account-record', label: t('tabAccountRecord'), children: <LedgerTab /> },
          { key: 'purchase-record', label: t('tabPurchaseRecord'), children: <OrdersTab kind="INSTANCE" /> },
          { key: 'recharge-record', label: t('tabRechargeRecord'), children: <OrdersTab kind="RECHARGE" /> },
          {
            key: 'balance-recharge',
            label: t('tabBalanceRecharge'),
            children: withUser((user) => <RechargeTab user={user} />),
          },
        ]}
      />
    </div>
  );
}

/** The shell's current-user query: the stored copy at once, then GET /v1/users/. */
function WithUser({ render }: { render: (user: User) => ReactNode }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const { user, isLoading } = useCurrentUser();
  if (!user && isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (!user) {
    return (
      <Result
        status="warning"
        title={t('loadUserFailed')}
        extra={
          <Button onClick={() => void queryClient.refetchQueries({ queryKey: ['users', 'me'] })}>{t('retry')}</Button>
        }
      />
    );
  }
  return render(user);
}

function BasicInfoTab({ user }: { user: User }) {
  return (
    <Flex vertical gap={16}>
      <BasicInfoCard user={user} />
      <BalanceCard user={user} />
      <QuotaCard guest={user.user_type === 'GUEST'} />
      <ChangePasswordCard user={user} />
    </Flex>
  );
}
