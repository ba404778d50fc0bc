import type { AdminUser, AdminUserUpdate } from '@medx/contract';
import { App, Button, Descriptions, Divider, Drawer, Flex, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminUsersApi } from '../../../api/admin';
import { getStoredUser } from '../../../api/session';
import { formatSize } from '../../../lib/format-size';
import { formatTime } from '../../../lib/format-time';
import { coreHours, formatFen } from '../../../lib/money';
import { testId } from '../../../lib/test-id';
import { AdjustmentForm } from './AdjustmentForm';
import { UserLedger } from './UserLedger';
import { StorageQuotaEditor, ToolsPolicyEditor, WorkflowsPolicyEditor } from './UserPolicies';
import { useRefreshAdminUsers } from './use-admin-users';

interface AdminUserDrawerProps {
  user: AdminUser;
  open: boolean;
  /** The user as a change left it (the answer of the call), before the list is loaded again. */
  onChange: (user: AdminUser) => void;
  onClose: () => void;
}

/**
 * One user: the account's facts, disabling, the Admin Panel permission, tools, workflows and
 * storage, adjustments of balance and compute quota, and the account record.
 */
export function AdminUserDrawer({ user, open, onChange, onClose }: AdminUserDrawerProps) {
  const { t } = useTranslation('admin');
  const { message, modal } = App.useApp();
  const refresh = useRefreshAdminUsers();
  const [busy, setBusy] = useState<'admin' | null>(null);
  const self = getStoredUser()?.id === user.id;

  const update = async (body: AdminUserUpdate) => {
    const answer = await adminUsersApi.update(user.id, body);
    if (!answer.success) return;
    message.success(answer.msg || t('msg:updateSuccessful'));
    onChange(answer.data);
    await refresh();
  };

  const confirmDisable = () => {
    const disabling = !user.disabled;
    modal.confirm({
      title: disabling
        ? t('users.drawer.disableConfirm', { name: user.username })
        : t('users.drawer.enableConfirm', { name: user.username }),
      content: disabling ? t('users.drawer.disableConfirmText') : t('users.drawer.enableConfirmText'),
      okText: disabling ? t('users.drawer.disable') : t('users.drawer.enable'),
      cancelText: t('common:actions.cancel'),
      okButtonProps: { danger: disabling, ...testId('admin-user-disable-confirm') },
      onOk: () => update({ disabled: disabling }),
    });
  };

  const setAdmin = async (checked: boolean) => {
    setBusy('admin');
    await update({ admin_panel: checked });
    setBusy(null);
  };

  const contact = [user.email, user.phone].filter(Boolean).join(' / ') || '-';

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={760}
      destroyOnHidden
      title={t('users.drawer.title', { name: user.username, id: user.id })}
      data-testid="admin-user-drawer"
    >
      <Descriptions
        size="small"
        column={2}
        bordered
        items={[
          { key: 'id', label: t('users.columns.id'), children: user.id },
          { key: 'name', label: t('users.columns.name'), children: user.username },
          { key: 'type', label: t('users.columns.type'), children: t(`userTypes.${user.user_type}`) },
          { key: 'contact', label: t('users.columns.contact'), children: contact },
          { key: 'org', label: t('users.columns.organization'), children: user.organization || '-' },
          { key: 'created', label: t('users.columns.createdAt'), children: formatTime(user.created_at) },
          {
            key: 'balance',
            label: t('users.columns.balance'),
            children: <span data-testid="admin-user-balance">{formatFen(user.balance_fen)}</span>,
          },
          {
            key: 'quota',
            label: t('users.drawer.quota'),
            children: (
              <span data-testid="admin-user-quota">
                {t('users.drawer.quotaValue', {
                  used: coreHours(user.quota_used_core_seconds),
                  total: coreHours(user.quota_total_core_seconds),
                })}
              </span>
            ),
          },
          {
            key: 'storage',
            label: t('users.drawer.storage'),
            children: (
              <Flex gap={6} align="center">
                {formatSize(user.storage_limit_bytes)}
                {user.storage_custom ? (
                  <Tag color="blue">{t('users.drawer.custom')}</Tag>
                ) : (
                  <Tag>{t('users.drawer.default')}</Tag>
                )}
              </Flex>
            ),
          },
          {
            key: 'status',
            label: t('users.columns.status'),
            children: user.disabled ? (
              <Tag color="error">{t('users.disabled')}</Tag>
            ) : (
              <Tag color="success">{t('users.active')}</Tag>
            ),
          },
        ]}
      />

      <Divider titlePlacement="start">{t('users.drawer.account')}</Divider>
      <Flex vertical gap={12}>
        <Flex gap={12} align="center" wrap>
          <Button danger={!user.disabled} disabled={self} onClick={confirmDisable} data-testid="admin-user-disable">
            {user.disabled ? t('users.drawer.enable') : t('users.drawer.disable')}
          </Button>
          <Flex gap={8} align="center">
            <Switch
              checked={user.admin_panel}
              disabled={user.admin_by_config || self}
              loading={busy === 'admin'}
              onChange={(checked) => void setAdmin(checked)}
              aria-label={t('users.drawer.adminPanel')}
              data-testid="admin-user-admin-panel"
            />
            <span>{t('users.drawer.adminPanel')}</span>
          </Flex>
        </Flex>
        {user.admin_by_config && (
          <Typography.Text type="secondary" data-testid="admin-user-admin-by-config">
            {t('users.drawer.adminByConfig')}
          </Typography.Text>
        )}
        {self && <Typography.Text type="secondary">{t('users.drawer.selfNote')}</Typography.Text>}
      </Flex>

      <Divider titlePlacement="start">{t('users.drawer.rights')}</Divider>
      <Flex vertical gap={20}>
        <ToolsPolicyEditor user={user} onChange={onChange} />
        <WorkflowsPolicyEditor user={user} onChange={onChange} />
        <StorageQuotaEditor user={user} onChange={onChange} />
      </Flex>

      <Divider titlePlacement="start">{t('users.adjust.title')}</Divider>
      <AdjustmentForm user={user} onChange={onChange} />

      <Divider titlePlacement="start">{t('users.ledger.title')}</Divider>
      <UserLedger userId={user.id} />
    </Drawer>
  );
}
