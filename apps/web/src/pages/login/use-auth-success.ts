import type { AuthResult, MessageKey } from '@medx/contract';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { saveSession } from '../../api/session';
import { toastSuccess } from '../../api/ui-bridge';
import { useMessageText } from './zod-rule';

/** Where every successful login or sign-up lands (spec §2, §4). */
export const AFTER_LOGIN_PATH = '/project';

/**
 * Spec §4, logged out → logged in: store the session, toast, go to the project list. (The
 * app's SessionCacheReset drops cached queries when the token changes hands.)
 */
export function useAuthSuccess(): (result: AuthResult, toast: MessageKey) => void {
  const navigate = useNavigate();
  const msgText = useMessageText();
  return useCallback(
    (result: AuthResult, toast: MessageKey) => {
      saveSession({ user: result.user, token: result.token });
      toastSuccess(msgText(toast));
      navigate(AFTER_LOGIN_PATH, { replace: true });
    },
    [msgText, navigate],
  );
}
