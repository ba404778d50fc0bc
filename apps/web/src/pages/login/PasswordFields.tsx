import { passwordField } from '@medx/contract';
import { useTranslation } from 'react-i18next';
import { PasswordInput } from '../../ui-light/controls';
import { LightField, useFormStore } from '../../ui-light/LightForm';
import { passwordMatchCheck } from './password-match';
import { useMessageText, useZodCheck } from './zod-rule';

export interface PasswordFieldsProps {
  label?: string;
  /** A new password (sign-up, reset) gets a confirmation field, `confirm`. */
  withConfirm?: boolean;
}

/** The login page's password (`password`) and, for a new one, its confirmation. */
export function PasswordFields({ label, withConfirm = false }: PasswordFieldsProps) {
  const { t } = useTranslation('auth');
  const check = useZodCheck();
  const resolve = useMessageText();
  const store = useFormStore();
  return (
    <>
      <LightField<string> name="password" label={label ?? t('passwordLabel')} required checks={[check(passwordField)]}>
        {(control) => (
          <PasswordInput
            control={control}
            data-testid="password-input"
            placeholder={t('passwordPlaceholder')}
            autoComplete={withConfirm ? 'new-password' : 'current-password'}
          />
        )}
      </LightField>
      {withConfirm && (
        <LightField<string>
          name="confirm"
          label={t('confirmPasswordLabel')}
          required
          dependencies={['password']}
          checks={[passwordMatchCheck(resolve, () => store.getValue('password'))]}
        >
          {(control) => (
            <PasswordInput
              control={control}
              data-testid="confirm-input"
              placeholder={t('confirmPasswordPlaceholder')}
              autoComplete="new-password"
            />
          )}
        </LightField>
      )}
    </>
  );
}
