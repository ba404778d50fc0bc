import { Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  onForgotPassword,
}: PasswordLoginFormProps) {
  const { t } = useTranslation('auth');
  const onAuthenticated = useAuthSuccess();
  const [submitting, setSubmitting] = useState(false);

  const finish = async (values: PasswordLoginValues) => {
    setSubmitting(true);
    const res = await accountApi.login({ ...toAccountPayload(method, values), password: values.password });
    setSubmitting(false);
    if (res.success) onAuthenticated(res.data, 'loginSuccessful');
  };

  return (
    <Form<PasswordLoginValues>
      name="password-login"
      layout="vertical"
      requiredMark={false}
      initialValues={accountInitialValues(account)}
      onValuesChange={(_, all) => onAccountChange(pickAccount(all))}
      onFinish={finish}
    >
      <AccountFields method={method} onMethodChange={onMethodChange} autoFocus />
      <PasswordFields />
      <Form.Item style={{ marginTop: -8, textAlign: 'right' }}>
        <Button type="link" size="small" onClick={onForgotPassword} style={{ paddingInline: 0 }}>
          {t('forgotPasswordLink')}
        </Button>
      </Form.Item>
      <Button data-testid="submit" type="primary" htmlType="submit" block loading={submitting}>
        {t('loginSubmit')}
      </Button>
    </Form>
  );
}
