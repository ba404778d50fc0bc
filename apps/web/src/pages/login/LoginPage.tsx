import { Button, Card, Divider, Flex, Tabs, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getStoredUser } from '../../api/session';
import { usersApi } from '../../api/users';
import { LanguageSelect } from '../../i18n/LanguageSelect';
import { CodeLoginForm } from './CodeLoginForm';
import { EMPTY_ACCOUNT, type LoginFormProps } from './login-form';
import { initialLoginMode, isGuestUpgrade, type LoginMode } from './login-mode';
import { PasswordLoginForm } from './PasswordLoginForm';
import type { AccountMethod, AccountValues } from './phone-value';
import { ResetPasswordForm } from './ResetPasswordForm';
import { SignUpForm } from './SignUpForm';
import { useAuthSuccess } from './use-auth-success';

/** /login: password login, code login, sign-up, password reset and guest login (spec §2, §4). */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const { token } = theme.useToken();
  const [params] = useSearchParams();
  const [guestUpgrade] = useState(() => isGuestUpgrade(params.get('userId'), getStoredUser()));
  const [mode, setMode] = useState<LoginMode>(() => initialLoginMode(params.get('userId'), getStoredUser()));
  const [method, setMethod] = useState<AccountMethod>('email');
  const [account, setAccount] = useState<AccountValues>(EMPTY_ACCOUNT);

  const shared: LoginFormProps = { method, onMethodChange: setMethod, account, onAccountChange: setAccount };
  const tab = (key: LoginMode, testId: string, label: string) => ({
    key,
    label: <span data-testid={testId}>{label}</span>,
  });

  return (
    <Flex
      align="center"
      justify="center"
      style={{
        minHeight: '100vh',
        padding: '32px 16px',
        background: `linear-gradient(160deg, ${token.colorPrimaryBg} 0%, ${token.colorBgLayout} 55%)`,
      }}
    >
      <Card style={{ width: '100%', maxWidth: 500, boxShadow: token.boxShadowTertiary }}>
        <Flex justify="flex-end">
          <LanguageSelect />
        </Flex>
        <Flex vertical align="center" gap={4} style={{ marginBottom: 8 }}>
          <Typography.Title level={2} style={{ margin: 0 }}>
            {t('productName')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('productTagline')}</Typography.Text>
        </Flex>
        <Tabs
          activeKey={mode}
          onChange={(key) => setMode(key as LoginMode)}
          destroyOnHidden
          centered
          tabBarGutter={24}
          items={[
            {
              ...tab('password', 'login-tab-password', t('tabPassword')),
              children: <PasswordLoginForm {...shared} onForgotPassword={() => setMode('reset')} />,
            },
            { ...tab('code', 'login-tab-code', t('tabCode')), children: <CodeLoginForm {...shared} /> },
            {
              ...tab('signup', 'login-tab-signup', t('tabSignUp')),
              children: <SignUpForm {...shared} guestUpgrade={guestUpgrade} />,
            },
            {
              ...tab('reset', 'login-tab-reset', t('tabReset')),
              children: <ResetPasswordForm {...shared} onDone={() => setMode('password')} />,
            },
          ]}
        />
        <Divider plain style={{ marginBlock: 16 }}>
          <Typography.Text type="secondary">{t('orDivider')}</Typography.Text>
        </Divider>
        <GuestLoginButton />
      </Card>
    </Flex>
  );
}

function GuestLoginButton() {
  const { t } = useTranslation('auth');
  const onAuthenticated = useAuthSuccess();
  const [loading, setLoading] = useState(false);

  const continueAsGuest = async () => {
    setLoading(true);
    const res = await usersApi.guestLogin();
    setLoading(false);
    if (res.success) onAuthenticated(res.data, 'loginSuccessful');
  };

  return (
    <Flex vertical align="center" gap={6}>
      <Button data-testid="guest-login" block onClick={continueAsGuest} loading={loading}>
        {t('continueAsGuest')}
      </Button>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('guestHint')}
      </Typography.Text>
    </Flex>
  );
}
