import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../api/ui-bridge';
import { Button } from '../../ui-light/controls';
import { LightForm, useLightFormStore } from '../../ui-light/LightForm';
import { AccountFields } from './AccountFields';
import { CodeField } from './CodeField';
import { accountInitialValues, type LoginFormProps, pickAccount } from './login-form';
import { PasswordFields } from './PasswordFields';
import { type AccountValues, toAccountPayload } from './phone-value';
import { accountApi } from './users-api';
import { useMessageText } from './zod-rule';

interface ResetPasswordValues extends AccountValues {
  code: string;
  password: string;
  confirm: string;
}

export interface ResetPasswordFormProps extends LoginFormProps {
  /** After a successful reset the user logs in with the new password. */
  onDone: () => void;
}

export function ResetPasswordForm({
  method,
  onMethodChange,
  account,
  onAccountChange,
  autoFocus,
  onDone,
}: ResetPasswordFormProps) {
  const { t } = useTranslation('auth');
  const msgText = useMessageText();
  const [submitting, setSubmitting] = useState(false);
  const store = useLightFormStore(() => accountInitialValues(account));

  const finish = async (values: ResetPasswordValues) => {
    setSubmitting(true);
    const res = await accountApi.resetPassword({
      ...toAccountPayload(method, values),
      code: values.code.trim(),
      password: values.password,
    });
    setSubmitting(false);
    if (!res.success) return;
    toastSuccess(msgText('resetPasswordSuccessful'));
    onDone();
  };

  return (
    <LightForm<ResetPasswordValues>
      store={store}
      aria-label={t('tabReset')}
      onValuesChange={(all) => onAccountChange(pickAccount(all))}
      onFinish={finish}
    >
      <AccountFields method={method} onMethodChange={onMethodChange} autoFocus={autoFocus} />
      <CodeField method={method} purpose="reset_password" />
      <PasswordFields label={t('newPasswordLabel')} withConfirm />
      <Button data-testid="submit" variant="primary" type="submit" block loading={submitting}>
        {t('resetSubmit')}
      </Button>
    </LightForm>
  );
}
