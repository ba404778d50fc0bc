import { LockOutlined } from '@ant-design/icons';
import { passwordField } from '@medx/contract';
import { Form, type FormRule, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordMatchCheck } from '../login/password-match';
import { type MessageResolver, useMessageText, useZodRule } from '../login/zod-rule';

/** The confirmation rule (see passwordMatchCheck). */
export function matchRule(resolve: MessageResolver, getPassword: () => unknown): FormRule {
  const check = passwordMatchCheck(resolve, getPassword);
  return { validator: (_rule: unknown, value: unknown) => check(value) };
}

export interface PasswordFieldsProps {
  /** Form field of the password; the confirmation is `confirm`. */
  name?: string;
  label?: string;
  /** A new password (sign-up, reset, change) gets a confirmation field. */
  withConfirm?: boolean;
  autoFocus?: boolean;
}

export function PasswordFields({ name = 'password', label, withConfirm = false, autoFocus }: PasswordFieldsProps) {
  const { t } = useTranslation('auth');
  const rule = useZodRule();
  const resolve = useMessageText();
  const form = Form.useFormInstance();
  return (
    <>
      <Form.Item name={name} label={label ?? t('passwordLabel')} required rules={[rule(passwordField)]}>
        <Input.Password
          data-testid="password-input"
          prefix={<LockOutlined />}
          placeholder={t('passwordPlaceholder')}
          autoComplete={withConfirm ? 'new-password' : 'current-password'}
          autoFocus={autoFocus}
        />
      </Form.Item>
      {withConfirm && (
        <Form.Item
          name="confirm"
          label={t('confirmPasswordLabel')}
          required
          dependencies={[name]}
          rules={[matchRule(resolve, () => form.getFieldValue(name))]}
        >
          <Input.Password
            data-testid="confirm-input"
            prefix={<LockOutlined />}
            placeholder={t('confirmPasswordPlaceholder')}
            autoComplete="new-password"
          />
        </Form.Item>
      )}
    </>
  );
}
