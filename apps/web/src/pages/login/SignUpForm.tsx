import { UserOutlined } from '@ant-design/icons';
import { type Identity, LIMITS, SignUpRequest, type Source } from '@medx/contract';
import { Alert, Button, Checkbox, Form, Input, Row } from 'antd';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { AccountFields } from './AccountFields';
import { CodeField } from './CodeField';
import { accountInitialValues, type LoginFormProps, pickAccount } from './login-form';
import { PasswordFields } from './PasswordFields';
import { type ProfileFieldName, ProfileFields } from './ProfileFields';
import { type AccountValues, toContactPayload } from './phone-value';
import { useAuthSuccess } from './use-auth-success';
import { accountApi } from './users-api';
import { useZodRule } from './zod-rule';

interface SignUpValues extends AccountValues {
  code: string;
  password: string;
  confirm: string;
  username?: string;
  identity: Identity;
  organization?: string;
  research_field?: string;
  source?: Source;
  agreement: boolean;
}

/** Trimmed text, or nothing when blank (optional fields are left out of the request). */
function optional(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

const SIGN_UP_PROFILE_ORDER: readonly ProfileFieldName[] = ['identity', 'source', 'organization', 'research_field'];

export const PRIVACY_POLICY_URL = '/docs/privacy';
export const USER_AGREEMENT_URL = '/docs/agreement';

export interface SignUpFormProps extends LoginFormProps {
  /** The visitor is signed in as a guest: the server upgrades that account and keeps its projects. */
  guestUpgrade?: boolean;
}

export function SignUpForm({ method, onMethodChange, account, onAccountChange, guestUpgrade }: SignUpFormProps) {
  const { t } = useTranslation('auth');
  const rule = useZodRule();
  const onAuthenticated = useAuthSuccess();
  const [submitting, setSubmitting] = useState(false);
  const fields = SignUpRequest.shape;

  const finish = async (values: SignUpValues) => {
    setSubmitting(true);
    const res = await accountApi.signUp({
      ...toContactPayload(method, values),
      code: values.code.trim(),
      password: values.password,
      username: optional(values.username),
      identity: values.identity,
      organization: optional(values.organization),
      research_field: optional(values.research_field),
      source: values.source,
      agreement: true,
    });
    setSubmitting(false);
    if (res.success) onAuthenticated(res.data, 'signUpSuccessful');
  };

  return (
    <Form<SignUpValues>
      name="sign-up"
      layout="vertical"
      requiredMark="optional"
      initialValues={accountInitialValues(account)}
      onValuesChange={(_, all) => onAccountChange(pickAccount(all))}
      onFinish={finish}
    >
      {guestUpgrade && (
        <Alert
          data-testid="guest-upgrade-note"
          type="info"
          showIcon
          title={t('guestUpgradeTitle')}
          description={t('guestUpgradeNote')}
          style={{ marginBottom: 16 }}
        />
      )}
      <AccountFields method={method} onMethodChange={onMethodChange} autoFocus />
      <CodeField method={method} purpose="sign_up" />
      <PasswordFields withConfirm />
      <Form.Item name="username" label={t('usernameLabel')} rules={[rule(fields.username)]}>
        <Input
          data-testid="username-input"
          prefix={<UserOutlined />}
          placeholder={t('usernamePlaceholder')}
          autoComplete="nickname"
          maxLength={LIMITS.usernameMax}
        />
      </Form.Item>
      <Row gutter={12}>
        <ProfileFields
          fields={fields}
          col={{ xs: 24, sm: 12 }}
          order={SIGN_UP_PROFILE_ORDER}
          identityRequired
          sourceClearable
        />
      </Row>
      <Form.Item name="agreement" valuePropName="checked" rules={[rule(fields.agreement)]}>
        <Checkbox data-testid="agreement-checkbox">
          <Trans
            t={t}
            i18nKey="agreementText"
            components={{
              privacy: <AgreementLink href={PRIVACY_POLICY_URL} />,
              terms: <AgreementLink href={USER_AGREEMENT_URL} />,
            }}
          />
        </Checkbox>
      </Form.Item>
      <Button data-testid="submit" type="primary" htmlType="submit" block loading={submitting}>
        {t('signUpSubmit')}
      </Button>
    </Form>
  );
}

/** A policy document in a new tab; the text comes from the translation through Trans. */
function AgreementLink({ href, children }: { href: string; children?: React.ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" onClick={(event) => event.stopPropagation()}>
      {children}
    </a>
  );
}
