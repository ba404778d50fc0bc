import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useSessionToken } from '../api/session-store';
import { registerUiBridge } from '../api/ui-bridge';

/**
 * Hands antd's context-aware message API and the router's navigate to the API client,
 * and drops cached server data whenever the session changes hands (sign-out, expiry,
 * another login), so one user's projects never show under another's session.
 */
export function UiBridge() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = useSessionToken();
  const previousToken = useRef(token);

  useEffect(() => registerUiBridge({ message, navigate: (to, options) => navigate(to, options) }), [message, navigate]);

  useEffect(() => {
    if (previousToken.current === token) return;
    previousToken.current = token;
    queryClient.clear();
  }, [token, queryClient]);

  return null;
}
