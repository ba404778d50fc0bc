import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Result, Skeleton, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/session';
import { BasicInfoCard } from './BasicInfoCard';
import { ChangePasswordCard } from './ChangePasswordCard';
import { ComingSoon } from './ComingSoon';
import { QuotaCard } from './QuotaCard';

/** /userCenter: basic info, quotas and password now; records and recharge come with purchase (spec §2). */
export function UserCenterPage() {
  const { t } = useTranslation('auth');
  const later = (key: string, label: string) => ({ key, label, children: <ComingSoon /> });
  return (
    <div style={{ padding: 24, maxWidth: 1100, marginInline: 'auto' }}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('userCenterTitle')}
      </Typography.Title>
      <Tabs
        items={[
          { key: 'basic', label: t('tabBasicInfo'), children: <BasicInfoTab /> },
          later('account-record', t('tabAccountRecord')),
          later('purchase-record', t('tabPurchaseRecord')),
          later('recharge-record', t('tabRechargeRecord')),
          later('balance-recharge', t('tabBalanceRecharge')),
        ]}
      />
    </div>
  );
}

/** The shell's current-user query: the stored copy at once, then GET /v1/users/. */
function BasicInfoTab() {
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
  return (
    <Flex vertical gap={16}>
      <BasicInfoCard user={user} />
      <QuotaCard guest={user.user_type === 'GUEST'} />
      <ChangePasswordCard user={user} />
    </Flex>
  );
}
