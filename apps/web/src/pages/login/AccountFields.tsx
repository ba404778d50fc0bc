import { emailField } from '@medx/contract';
import { useTranslation } from 'react-i18next';
import { ChoiceSwitch, TextInput } from '../../ui-light/controls';
import { LightField } from '../../ui-light/LightForm';
import { PhoneInput } from './PhoneInput';
import { type AccountMethod, type PhoneValue, PhoneValueSchema } from './phone-value';
import { useRegionOptions } from './use-calling-codes';
import { useZodCheck } from './zod-rule';

export interface AccountFieldsProps {
  method: AccountMethod;
  onMethodChange: (method: AccountMethod) => void;
  autoFocus?: boolean;
}

/**
 * The account of a form: a switch between email and phone, then the email field (`email`) or
 * the region + number field (`phone`). Only the shown field is checked and sent. The form's
 * initial values give `phone` its default region (see `accountInitialValues`).
 */
export function AccountFields({ method, onMethodChange, autoFocus }: AccountFieldsProps) {
  const { t } = useTranslation('auth');
  const check = useZodCheck();
  const regions = useRegionOptions();
  return (
    <>
      <ChoiceSwitch<AccountMethod>
        aria-label={t('accountMethodLabel')}
        value={method}
        onChange={onMethodChange}
        choices={[
          { key: 'email', label: t('methodEmail'), testId: 'use-email' },
          { key: 'phone', label: t('methodPhone'), testId: 'use-phone' },
        ]}
      />
      {method === 'email' ? (
        <LightField<string> name="email" label={t('emailLabel')} required checks={[check(emailField)]}>
          {(control) => (
            <TextInput
              control={control}
              data-testid="account-input"
              placeholder={t('emailPlaceholder')}
              inputMode="email"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus={autoFocus}
              maxLength={254}
            />
          )}
        </LightField>
      ) : (
        <LightField<PhoneValue> name="phone" label={t('phoneLabel')} required checks={[check(PhoneValueSchema)]}>
          {(control) => <PhoneInput control={control} options={regions.options} autoFocus={autoFocus} />}
        </LightField>
      )}
    </>
  );
}
