import { LockOutlined } from '@ant-design/icons';
import { passwordField, type User } from '@medx/contract';
import { Alert, App, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { accountApi } from '../login/users-api';
import { useMessageText, useZodRule } from '../login/zod-rule';
import { PasswordFields } from './PasswordFields';

interface ChangePasswordValues {
  old_password: string;
  new_password: string;
  confirm: string;
}

/** POST /v1/users/change_password; a guest has no password and is asked to register instead. */
export function ChangePasswordCard({ user }: { user: User }) {
  const { t } = useTranslation('auth');
  return (
    <Card title={t('changePasswordTitle')}>
      {user.user_type === 'GUEST' ? <GuestRegisterPrompt userId={user.id} /> : <ChangePasswordForm user={user} />}
    </Card>
  );
}

function ChangePasswordForm({ user }: { user: User }) {
  const { t } = useTranslation('auth');
  const rule = useZodRule();
  const msgText = useMessageText();
  const { message } = App.useApp();
  const [form] = Form.useForm<ChangePasswordValues>();
  const [saving, setSaving] = useState(false);

  const finish = async (values: ChangePasswordValues) => {
    setSaving(true);
    const res = await accountApi.changePassword({
      old_password: values.old_password,
      new_password: values.new_password,
    });
    setSaving(false);
    if (!res.success) return;
    message.success(msgText('updateSuccessful'));
    form.resetFields();
  };

  return (
    <Form<ChangePasswordValues>
      form={form}
      name="change-password"
      layout="vertical"
      onFinish={finish}
      style={{ maxWidth: 400 }}
    >
      {/* Lets password managers file the new password under the right account. */}
      <input
        type="text"
        name="username"
        autoComplete="username"
        value={user.email ?? user.phone ?? ''}
        readOnly
        hidden
      />
      <Form.Item name="old_password" label={t('oldPasswordLabel')} required rules={[rule(passwordField)]}>
        <Input.Password data-testid="old-password-input" prefix={<LockOutlined />} autoComplete="current-password" />
      </Form.Item>
      <PasswordFields name="new_password" label={t('newPasswordLabel')} withConfirm />
      <Button data-testid="change-password-submit" type="primary" htmlType="submit" loading={saving}>
        {t('changePasswordSubmit')}
      </Button>
    </Form>
  );
}

function GuestRegisterPrompt({ userId }: { userId: number }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return (
    <Alert
      data-testid="guest-register-prompt"
      type="warning"
      showIcon
      title={t('guestRegisterTitle')}
      description={t('guestRegisterText')}
      action={
        <Button type="primary" onClick={() => navigate(`/login?userId=${encodeURIComponent(String(userId))}`)}>
          {t('registerButton')}
        </Button>
      }
    />
  );
}
