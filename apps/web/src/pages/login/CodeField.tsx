import { SafetyOutlined } from '@ant-design/icons';
import { CODE_POLICY, type CodePurpose, codeField, LIMITS } from '@medx/contract';
import { App, Button, Form, Input, type InputRef, Space } from 'antd';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AccountMethod, type AccountValues, toSendCodeCall } from './phone-value';
import { useCountdown } from './use-countdown';
import { accountApi } from './users-api';
import { useMessageText, useZodRule } from './zod-rule';

export interface CodeFieldProps {
  method: AccountMethod;
  purpose: CodePurpose;
}

/**
 * The verification code (`code`) with its 'Send code' button. Sending first validates the
 * account field of the surrounding form, then counts down from the server's `resend_after`.
 */
export function CodeField({ method, purpose }: CodeFieldProps) {
  const { t } = useTranslation('auth');
  const msgText = useMessageText();
  const rule = useZodRule();
  const form = Form.useFormInstance<AccountValues>();
  const { message } = App.useApp();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  const inputRef = useRef<InputRef>(null);
  const inputId = useId();

  const send = async () => {
    const field = method === 'email' ? 'email' : 'phone';
    try {
      await form.validateFields([field]);
    } catch {
      return;
    }
    setSending(true);
    const res = await accountApi.sendCode(toSendCodeCall(method, form.getFieldsValue([field]), purpose));
    setSending(false);
    if (!res.success) return;
    message.success(msgText('codeSent'));
    countdown.start(res.data?.resend_after ?? CODE_POLICY.resendSeconds);
    inputRef.current?.focus();
  };

  const waiting = countdown.seconds > 0;
  return (
    <Form.Item label={t('codeLabel')} htmlFor={inputId} required>
      <Space.Compact block>
        <Form.Item name="code" noStyle rules={[rule(codeField)]}>
          <Input
            id={inputId}
            ref={inputRef}
            data-testid="code-input"
            prefix={<SafetyOutlined />}
            placeholder={t('codePlaceholder')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={LIMITS.codeLength}
          />
        </Form.Item>
        <Button
          data-testid="send-code"
          onClick={send}
          loading={sending}
          disabled={waiting}
          style={{ minWidth: 128, flex: 'none' }}
        >
          {waiting ? t('resendIn', { seconds: countdown.seconds }) : t('sendCode')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
