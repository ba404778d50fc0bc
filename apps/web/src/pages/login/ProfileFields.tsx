import { LIMITS } from '@medx/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { SelectInput, TextInput } from '../../ui-light/controls';
import { LightField } from '../../ui-light/LightForm';
import { useAccountOptions } from './account-options';
import { useZodCheck } from './zod-rule';

export type ProfileFieldName = 'identity' | 'source' | 'organization' | 'research_field';

/** The profile part of sign-up: identity (required), source, organization and research field, two per row. */
export function ProfileFields({ fields }: { fields: Record<ProfileFieldName, ZodType> }) {
  const { t } = useTranslation('auth');
  const check = useZodCheck();
  const { identities, sources } = useAccountOptions();
  const text = (
    name: 'organization' | 'research_field',
    testId: string,
    label: string,
    placeholder: string,
  ): ReactNode => (
    <LightField<string> name={name} label={label} checks={[check(fields[name])]}>
      {(control) => (
        <TextInput
          control={control}
          data-testid={testId}
          placeholder={placeholder}
          autoComplete={name === 'organization' ? 'organization' : undefined}
          maxLength={LIMITS.textFieldMax}
        />
      )}
    </LightField>
  );
  return (
    <div className="lt-row">
      <LightField<string> name="identity" label={t('identityLabel')} required checks={[check(fields.identity)]}>
        {(control) => (
          <SelectInput
            control={control}
            data-testid="identity-select"
            placeholder={t('identityPlaceholder')}
            options={identities}
          />
        )}
      </LightField>
      <LightField<string> name="source" label={t('sourceLabel')} checks={[check(fields.source)]}>
        {(control) => (
          <SelectInput
            control={control}
            data-testid="source-select"
            placeholder={t('sourcePlaceholder')}
            options={sources}
            clearable
          />
        )}
      </LightField>
      {text('organization', 'organization-input', t('organizationLabel'), t('organizationPlaceholder'))}
      {text('research_field', 'research-field-input', t('researchFieldLabel'), t('researchFieldPlaceholder'))}
    </div>
  );
}
