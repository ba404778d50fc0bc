import { UserOutlined } from '@ant-design/icons';
import { type Identity, LIMITS, SignUpRequest, type Source } from '@medx/contract';
import { Alert, Button, Checkbox, Col, Form, Input, Row, Select } from 'antd';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { AccountFields } from './AccountFields';
import { useAccountOptions } from './account-options';
import { CodeField } from './CodeField';
import { accountInitialValues, type LoginFormProps, pickAccount } from './login-form';
import { PasswordFields } from './PasswordFields';
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

export const PRIVACY_POLICY_URL = '/docs/privacy';
export const USER_AGREEMENT_URL = '/docs/agreement';

export interface SignUpFormProps extends LoginFormProps {
  /** The visitor is signed in as a guest: the server upgrades that account and keeps its projects. */
  guestUpgrade?: boolean;
}

export function SignUpForm({ method, onMethodChange, account, onAccountChange, guestUpgrade }: SignUpFormProps) {
  const { t } = useTranslation('auth');
  const rule = useZodRule();
  const { identities, sources } = useAccountOptions();
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
        <Col xs={24} sm={12}>
          <Form.Item name="identity" label={t('identityLabel')} required rules={[rule(fields.identity)]}>
            <Select<Identity>
              data-testid="identity-select"
              placeholder={t('identityPlaceholder')}
              options={identities}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="source" label={t('sourceLabel')} rules={[rule(fields.source)]}>
            <Select<Source>
              data-testid="source-select"
              placeholder={t('sourcePlaceholder')}
              options={sources}
              allowClear
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="organization" label={t('organizationLabel')} rules={[rule(fields.organization)]}>
            <Input
              data-testid="organization-input"
              placeholder={t('organizationPlaceholder')}
              autoComplete="organization"
              maxLength={LIMITS.textFieldMax}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="research_field" label={t('researchFieldLabel')} rules={[rule(fields.research_field)]}>
            <Input
              data-testid="research-field-input"
              placeholder={t('researchFieldPlaceholder')}
              maxLength={LIMITS.textFieldMax}
            />
          </Form.Item>
        </Col>
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
