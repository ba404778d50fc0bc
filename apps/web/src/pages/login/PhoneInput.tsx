import { useTranslation } from 'react-i18next';
import type { FieldControl } from '../../ui-light/LightForm';
import { DEFAULT_PHONE_VALUE, type PhoneValue, type RegionOption } from './phone-value';

export interface PhoneInputProps {
  control: FieldControl<PhoneValue>;
  options: RegionOption[];
  autoFocus?: boolean;
}

/**
 * The abroad phone value: the region's calling code (default 86; a native select, where typing
 * "+852" or a digit jumps to it) plus the national number.
 */
export function PhoneInput({ control, options, autoFocus }: PhoneInputProps) {
  const { t } = useTranslation('auth');
  const current = control.value ?? DEFAULT_PHONE_VALUE;
  const change = (next: Partial<PhoneValue>) => control.onChange({ ...current, ...next });
  return (
    <span className="lt-compact">
      <select
        className="lt-input lt-select lt-fixed"
        style={{ width: 116 }}
        data-testid="region-select"
        aria-label={t('regionLabel')}
        value={current.region ?? ''}
        onChange={(event) => change({ region: event.target.value })}
      >
        <option value="">+</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <input
        id={control.id}
        type="tel"
        className="lt-input"
        data-testid="phone-input"
        aria-invalid={control.invalid || undefined}
        aria-describedby={control.invalid ? control.errorId : undefined}
        value={current.number ?? ''}
        onChange={(event) => change({ number: event.target.value })}
        placeholder={t('phonePlaceholder')}
        inputMode="tel"
        autoComplete="tel-national"
        // biome-ignore lint/a11y/noAutofocus: the field replaces the email field, which takes the focus on the login page.
        autoFocus={autoFocus}
        maxLength={20}
      />
    </span>
  );
}
