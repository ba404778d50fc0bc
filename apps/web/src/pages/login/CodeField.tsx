import { CODE_POLICY, type CodePurpose, codeField, LIMITS } from '@medx/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../api/ui-bridge';
import { Button, TextInput } from '../../ui-light/controls';
import { LightField, useFormStore } from '../../ui-light/LightForm';
import { type AccountMethod, type AccountValues, toSendCodeCall } from './phone-value';
import { useCountdown } from './use-countdown';
import { accountApi } from './users-api';
import { useMessageText, useZodCheck } from './zod-rule';

export interface CodeFieldProps {
  method: AccountMethod;
  purpose: CodePurpose;
}

/**
 * The verification code (`code`) with its 'Send code' button. Sending first checks the
 * account field of the surrounding form, then counts down from the server's `resend_after`.
 */
export function CodeField({ method, purpose }: CodeFieldProps) {
  const { t } = useTranslation('auth');
  const msgText = useMessageText();
  const check = useZodCheck();
  const store = useFormStore();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const send = async () => {
    const field = method === 'email' ? 'email' : 'phone';
    if (!(await store.validate([field]))) return;
    setSending(true);
    const res = await accountApi.sendCode(toSendCodeCall(method, store.getValues() as AccountValues, purpose));
    setSending(false);
    if (!res.success) return;
    toastSuccess(msgText('codeSent'));
    countdown.start(res.data?.resend_after ?? CODE_POLICY.resendSeconds);
    inputRef.current?.focus();
  };

  const waiting = countdown.seconds > 0;
  return (
    <LightField<string> name="code" label={t('codeLabel')} required checks={[check(codeField)]}>
      {(control) => (
        <span className="lt-compact">
          <TextInput
            control={control}
            inputRef={inputRef}
            data-testid="code-input"
            placeholder={t('codePlaceholder')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={LIMITS.codeLength}
          />
          <Button
            className="lt-fixed"
            data-testid="send-code"
            onClick={send}
            loading={sending}
            disabled={waiting}
            style={{ minWidth: 128 }}
          >
            {waiting ? t('resendIn', { seconds: countdown.seconds }) : t('sendCode')}
          </Button>
        </span>
      )}
    </LightField>
  );
}
