import { MailOutlined } from '@ant-design/icons';
import { emailField } from '@medx/contract';
import { Form, Input, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { PhoneInput } from './PhoneInput';
import { type AccountMethod, PhoneValueSchema } from './phone-value';
import { useRegionOptions } from './use-calling-codes';
import { useZodRule } from './zod-rule';

export interface AccountFieldsProps {
  method: AccountMethod;
  onMethodChange: (method: AccountMethod) => void;
  autoFocus?: boolean;
}

/**
 * The account of a form: a switch between email and phone, then the email field (`email`) or
 * the region + number field (`phone`). Only the shown field is validated and sent. The form's
 * initial values give `phone` its default region (see `accountInitialValues`).
 */
export function AccountFields({ method, onMethodChange, autoFocus }: AccountFieldsProps) {
  const { t } = useTranslation('auth');
  const rule = useZodRule();
  const regions = useRegionOptions();
  return (
    <>
      <Form.Item>
        <Segmented<AccountMethod>
          block
          aria-label={t('accountMethodLabel')}
          value={method}
          onChange={onMethodChange}
          options={[
            { value: 'email', label: <span data-testid="use-email">{t('methodEmail')}</span> },
            { value: 'phone', label: <span data-testid="use-phone">{t('methodPhone')}</span> },
          ]}
        />
      </Form.Item>
      {method === 'email' ? (
        <Form.Item name="email" label={t('emailLabel')} required rules={[rule(emailField)]}>
          <Input
            data-testid="account-input"
            prefix={<MailOutlined />}
            placeholder={t('emailPlaceholder')}
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus={autoFocus}
            maxLength={254}
          />
        </Form.Item>
      ) : (
        <Form.Item name="phone" label={t('phoneLabel')} required rules={[rule(PhoneValueSchema)]}>
          <PhoneInput options={regions.options} loading={regions.loading} autoFocus={autoFocus} />
        </Form.Item>
      )}
    </>
  );
}
