import { type Identity, LIMITS, SignUpRequest, type Source } from '@medx/contract';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button, CheckboxInput, TextInput } from '../../ui-light/controls';
import { LightField, LightForm, useLightFormStore } from '../../ui-light/LightForm';
import { AccountFields } from './AccountFields';
import { CodeField } from './CodeField';
import { accountInitialValues, type LoginFormProps, pickAccount } from './login-form';
import { PasswordFields } from './PasswordFields';
import { ProfileFields } from './ProfileFields';
import { type AccountValues, toContactPayload } from './phone-value';
import { useAuthSuccess } from './use-auth-success';
import { accountApi } from './users-api';
import { useZodCheck } from './zod-rule';

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

export function SignUpForm({
  method,
  onMethodChange,
  account,
  onAccountChange,
  autoFocus,
  guestUpgrade,
}: SignUpFormProps) {
  const { t } = useTranslation('auth');
  const check = useZodCheck();
  const onAuthenticated = useAuthSuccess();
  const [submitting, setSubmitting] = useState(false);
  const store = useLightFormStore(() => accountInitialValues(account));
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
    <LightForm<SignUpValues>
      store={store}
      aria-label={t('tabSignUp')}
      optionalMark
      onValuesChange={(all) => onAccountChange(pickAccount(all))}
      onFinish={finish}
    >
      {guestUpgrade && (
        <div className="lt-alert" role="note" data-testid="guest-upgrade-note">
          <div className="lt-alert-title">{t('guestUpgradeTitle')}</div>
          <div>{t('guestUpgradeNote')}</div>
        </div>
      )}
      <AccountFields method={method} onMethodChange={onMethodChange} autoFocus={autoFocus} />
      <CodeField method={method} purpose="sign_up" />
      <PasswordFields withConfirm />
      <LightField<string> name="username" label={t('usernameLabel')} checks={[check(fields.username)]}>
        {(control) => (
          <TextInput
            control={control}
            data-testid="username-input"
            placeholder={t('usernamePlaceholder')}
            autoComplete="nickname"
            maxLength={LIMITS.usernameMax}
          />
        )}
      </LightField>
      <ProfileFields fields={fields} />
      <LightField<boolean> name="agreement" required checks={[check(fields.agreement)]}>
        {(control) => (
          <CheckboxInput control={control} data-testid="agreement-checkbox">
            <Trans
              t={t}
              i18nKey="agreementText"
              components={{
                privacy: <AgreementLink href={PRIVACY_POLICY_URL} />,
                terms: <AgreementLink href={USER_AGREEMENT_URL} />,
              }}
            />
          </CheckboxInput>
        )}
      </LightField>
      <Button data-testid="submit" variant="primary" type="submit" block loading={submitting}>
        {t('signUpSubmit')}
      </Button>
    </LightForm>
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
