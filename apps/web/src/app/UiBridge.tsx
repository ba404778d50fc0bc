import { App } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { registerUiBridge } from '../api/ui-bridge';

/** Hands antd's context-aware message API and the router's navigate to the API client. */
export function UiBridge() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  useEffect(() => registerUiBridge({ message, navigate: (to, options) => navigate(to, options) }), [message, navigate]);
  return null;
}
