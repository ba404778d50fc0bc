import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getStoredUser } from '../../api/session';
import { usersApi } from '../../api/users';
import { Button, Tabs } from '../../ui-light/controls';
import { LightLanguageSelect } from '../../ui-light/LightLanguageSelect';
import { LightUiBridge } from '../../ui-light/LightUiBridge';
import { CodeLoginForm } from './CodeLoginForm';
import { EMPTY_ACCOUNT, type LoginFormProps } from './login-form';
import { initialLoginMode, isGuestUpgrade, type LoginMode } from './login-mode';
import { PasswordLoginForm } from './PasswordLoginForm';
import type { AccountMethod, AccountValues } from './phone-value';
import { ResetPasswordForm } from './ResetPasswordForm';
import { SignUpForm } from './SignUpForm';
import { useAuthSuccess } from './use-auth-success';
import './login-page.css';

/**
 * /login: password login, code login, sign-up, password reset and guest login (spec §2, §4).
 * Built with the light controls (ui-light), not antd: it is the page most visits start on, and
 * it stays under 250 KB (issue 13; measured by apps/web/scripts/login-size.mjs on every build).
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const [guestUpgrade] = useState(() => isGuestUpgrade(params.get('userId'), getStoredUser()));
  const [mode, setMode] = useState<LoginMode>(() => initialLoginMode(params.get('userId'), getStoredUser()));
  const [method, setMethod] = useState<AccountMethod>('email');
  const [account, setAccount] = useState<AccountValues>(EMPTY_ACCOUNT);
  const [tabChanged, setTabChanged] = useState(false);
  const changeMode = (next: LoginMode) => {
    setTabChanged(true);
    setMode(next);
  };

  const shared: LoginFormProps = {
    method,
    onMethodChange: setMethod,
    account,
    onAccountChange: setAccount,
    autoFocus: !tabChanged,
  };
  const forms: Record<LoginMode, React.ReactNode> = {
    password: <PasswordLoginForm {...shared} onForgotPassword={() => setMode('reset')} />,
    code: <CodeLoginForm {...shared} />,
    signup: <SignUpForm {...shared} guestUpgrade={guestUpgrade} />,
    reset: <ResetPasswordForm {...shared} onDone={() => setMode('password')} />,
  };

  return (
    <main className="medx-login">
      <LightUiBridge />
      <section className="medx-login-card">
        <div className="medx-login-lang">
          <LightLanguageSelect />
        </div>
        <header className="medx-login-title">
          <h1>{t('productName')}</h1>
          <p className="lt-secondary">{t('productTagline')}</p>
        </header>
        <Tabs<LoginMode>
          active={mode}
          onChange={changeMode}
          tabs={[
            { key: 'password', label: t('tabPassword'), testId: 'login-tab-password' },
            { key: 'code', label: t('tabCode'), testId: 'login-tab-code' },
            { key: 'signup', label: t('tabSignUp'), testId: 'login-tab-signup' },
            { key: 'reset', label: t('tabReset'), testId: 'login-tab-reset' },
          ]}
        >
          {/* Keyed: a form starts afresh (with the shared account) each time its tab opens. */}
          <div key={mode}>{forms[mode]}</div>
        </Tabs>
        <div className="lt-divider">{t('orDivider')}</div>
        <GuestLoginButton />
      </section>
    </main>
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
    <div className="medx-login-guest">
      <Button data-testid="guest-login" block onClick={continueAsGuest} loading={loading}>
        {t('continueAsGuest')}
      </Button>
      <span className="lt-secondary">{t('guestHint')}</span>
    </div>
  );
}
