import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { registerUiBridge } from '../api/ui-bridge';
import { lazyMessage } from '../lib/lazy-message';

/**
 * The API client's toasts and navigation on a page without antd (/login): antd's message,
 * fetched on the first toast. The shell's UiBridge does it on the other pages.
 */
export function LightUiBridge() {
  const navigate = useNavigate();
  useEffect(
    () => registerUiBridge({ message: lazyMessage, navigate: (to, options) => navigate(to, options) }),
    [navigate],
  );
  return null;
}
