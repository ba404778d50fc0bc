import { Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PHONE_VALUE, type PhoneValue, type RegionOption } from './phone-value';

export interface PhoneInputProps {
  /** Injected by Form.Item. */
  value?: PhoneValue;
  onChange?: (value: PhoneValue) => void;
  id?: string;
  options: RegionOption[];
  loading?: boolean;
  autoFocus?: boolean;
}

/** The abroad phone value: region code select (default 86) plus the national number. */
export function PhoneInput({ value, onChange, id, options, loading, autoFocus }: PhoneInputProps) {
  const { t } = useTranslation('auth');
  const current = value ?? DEFAULT_PHONE_VALUE;
  return (
    <Space.Compact block>
      <Select<string, RegionOption>
        data-testid="region-select"
        aria-label={t('regionLabel')}
        value={current.region || undefined}
        onChange={(region) => onChange?.({ ...current, region: region ?? '' })}
        options={options}
        loading={loading}
        allowClear
        showSearch={{ optionFilterProp: 'search' }}
        labelRender={(selected) => `+${String(selected.value)}`}
        placeholder="+"
        popupMatchSelectWidth={280}
        style={{ width: 116, flex: 'none' }}
      />
      <Input
        id={id}
        data-testid="phone-input"
        value={current.number ?? ''}
        onChange={(event) => onChange?.({ ...current, number: event.target.value })}
        placeholder={t('phonePlaceholder')}
        inputMode="tel"
        autoComplete="tel-national"
        autoFocus={autoFocus}
        maxLength={20}
      />
    </Space.Compact>
  );
}
