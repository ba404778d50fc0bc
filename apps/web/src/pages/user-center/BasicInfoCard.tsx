import { EditOutlined } from '@ant-design/icons';
import type { User } from '@medx/contract';
import { Button, Card, Descriptions, type DescriptionsProps, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/format-time';
import { useValueLabel } from '../login/account-options';
import { EditInfoForm } from './EditInfoForm';

export function formatPhone(user: Pick<User, 'phone' | 'region'>): string | null {
  if (!user.phone) return null;
  return user.region ? `+${user.region} ${user.phone}` : user.phone;
}

/** The profile (spec §3 User) with an inline edit form. */
export function BasicInfoCard({ user }: { user: User }) {
  const { t } = useTranslation('auth');
  const valueLabel = useValueLabel();
  const [editing, setEditing] = useState(false);

  const show = (value: ReactNode) =>
    value === null || value === undefined || value === '' ? (
      <Typography.Text type="secondary">{t('notSet')}</Typography.Text>
    ) : (
      value
    );
  const items: DescriptionsProps['items'] = [
    { key: 'username', label: t('usernameLabel'), children: show(user.username) },
    {
      key: 'user_type',
      label: t('userTypeLabel'),
      children: user.user_type === 'GUEST' ? t('userTypeGuest') : t('userTypeRegistered'),
    },
    { key: 'email', label: t('emailLabel'), children: show(user.email) },
    { key: 'phone', label: t('phoneLabel'), children: show(formatPhone(user)) },
    { key: 'organization', label: t('organizationLabel'), children: show(user.organization) },
    { key: 'research_field', label: t('researchFieldLabel'), children: show(user.research_field) },
    { key: 'identity', label: t('identityLabel'), children: show(valueLabel(user.identity)) },
    { key: 'source', label: t('sourceLabel'), children: show(valueLabel(user.source)) },
    { key: 'created_at', label: t('registerTimeLabel'), children: show(formatTime(user.created_at, { empty: '' })) },
  ];

  return (
    <Card
      title={t('basicInfoTitle')}
      extra={
        !editing && (
          <Button data-testid="edit-info" icon={<EditOutlined />} onClick={() => setEditing(true)}>
            {t('editInfo')}
          </Button>
        )
      }
    >
      {editing ? (
        <EditInfoForm user={user} onDone={() => setEditing(false)} />
      ) : (
        <Descriptions data-testid="basic-info" bordered size="small" column={{ xs: 1, md: 2 }} items={items} />
      )}
    </Card>
  );
}
