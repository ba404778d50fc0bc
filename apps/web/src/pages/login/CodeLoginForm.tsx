import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui-light/controls';
import { LightForm, useLightFormStore } from '../../ui-light/LightForm';
import { AccountFields } from './AccountFields';
import { CodeField } from './CodeField';
import { accountInitialValues, type LoginFormProps, pickAccount } from './login-form';
import { type AccountValues, toAccountPayload } from './phone-value';
import { useAuthSuccess } from './use-auth-success';
import { accountApi } from './users-api';

interface CodeLoginValues extends AccountValues {
  code: string;
}

export function CodeLoginForm({ method, onMethodChange, account, onAccountChange, autoFocus }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const onAuthenticated = useAuthSuccess();
  const [submitting, setSubmitting] = useState(false);
  const store = useLightFormStore(() => accountInitialValues(account));

  const finish = async (values: CodeLoginValues) => {
    setSubmitting(true);
    const res = await accountApi.loginByCode({ ...toAccountPayload(method, values), code: values.code.trim() });
    setSubmitting(false);
    if (res.success) onAuthenticated(res.data, 'loginSuccessful');
  };

  return (
    <LightForm<CodeLoginValues>
      store={store}
      aria-label={t('tabCode')}
      onValuesChange={(all) => onAccountChange(pickAccount(all))}
      onFinish={finish}
    >
      <AccountFields method={method} onMethodChange={onMethodChange} autoFocus={autoFocus} />
      <CodeField method={method} purpose="login" />
      <Button data-testid="submit" variant="primary" type="submit" block loading={submitting}>
        {t('loginSubmit')}
      </Button>
    </LightForm>
  );
}
