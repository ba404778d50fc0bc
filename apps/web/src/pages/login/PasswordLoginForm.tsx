import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui-light/controls';
import { LightForm, useLightFormStore } from '../../ui-light/LightForm';
import { AccountFields } from './AccountFields';
import { accountInitialValues, type LoginFormProps, pickAccount } from './login-form';
import { PasswordFields } from './PasswordFields';
import { type AccountValues, toAccountPayload } from './phone-value';
import { useAuthSuccess } from './use-auth-success';
import { accountApi } from './users-api';

interface PasswordLoginValues extends AccountValues {
  password: string;
}

export interface PasswordLoginFormProps extends LoginFormProps {
  onForgotPassword: () => void;
}

export function PasswordLoginForm({
  method,
  onMethodChange,
  account,
  onAccountChange,
  autoFocus,
  onForgotPassword,
}: PasswordLoginFormProps) {
  const { t } = useTranslation('auth');
  const onAuthenticated = useAuthSuccess();
  const [submitting, setSubmitting] = useState(false);
  const store = useLightFormStore(() => accountInitialValues(account));

  const finish = async (values: PasswordLoginValues) => {
    setSubmitting(true);
    const res = await accountApi.login({ ...toAccountPayload(method, values), password: values.password });
    setSubmitting(false);
    if (res.success) onAuthenticated(res.data, 'loginSuccessful');
  };

  return (
    <LightForm<PasswordLoginValues>
      store={store}
      aria-label={t('tabPassword')}
      onValuesChange={(all) => onAccountChange(pickAccount(all))}
      onFinish={finish}
    >
      <AccountFields method={method} onMethodChange={onMethodChange} autoFocus={autoFocus} />
      <PasswordFields />
      <div className="lt-forgot">
        <Button variant="link" onClick={onForgotPassword}>
          {t('forgotPasswordLink')}
        </Button>
      </div>
      <Button data-testid="submit" variant="primary" type="submit" block loading={submitting}>
        {t('loginSubmit')}
      </Button>
    </LightForm>
  );
}
