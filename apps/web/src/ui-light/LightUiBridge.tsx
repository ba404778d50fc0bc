import type { MessageArgsProps } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { registerUiBridge } from '../api/ui-bridge';
import { MESSAGE_TOP } from '../lib/message-top';

/**
 * antd's message, fetched on the first toast: the pages without antd (/login) show the same
 * toasts as the others (same look, same place) without carrying antd to show themselves.
 */
const lightMessage = {
  open(args: MessageArgsProps): void {
    void import('antd/es/message').then(({ default: message }) => {
      message.config({ top: MESSAGE_TOP });
      void message.open(args);
    });
  },
};

/** The API client's toasts and navigation on a page without antd (the shell's UiBridge does it elsewhere). */
export function LightUiBridge() {
  const navigate = useNavigate();
  useEffect(
    () => registerUiBridge({ message: lightMessage, navigate: (to, options) => navigate(to, options) }),
    [navigate],
  );
  return null;
}
