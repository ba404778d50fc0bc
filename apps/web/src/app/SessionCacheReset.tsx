import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSessionToken } from '../api/session-store';

/**
 * Drops cached server data whenever the session changes hands (sign-out, expiry, another
 * login, a guest signing up), so one user's projects never show under another's session.
 * Mounted above every route, /login included.
 */
export function SessionCacheReset() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  const previousToken = useRef(token);
  useEffect(() => {
    if (previousToken.current === token) return;
    previousToken.current = token;
    queryClient.clear();
  }, [token, queryClient]);
  return null;
}
