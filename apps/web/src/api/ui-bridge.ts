import type { MessageArgsProps } from 'antd';

/**
 * What the API client needs from React land: antd's message API (taken from App.useApp so
 * toasts follow the theme and locale) and the router's navigate. Registered by <UiBridge />.
 */
export interface UiBridge {
  message: { open: (args: MessageArgsProps) => unknown };
  navigate: (to: string, options?: { replace?: boolean }) => void;
}

let current: UiBridge | null = null;

export function registerUiBridge(bridge: UiBridge): () => void {
  current = bridge;
  return () => {
    if (current === bridge) current = null;
  };
}

export function getUiBridge(): UiBridge | null {
  return current;
}

export function toastError(content: string, onClose?: () => void): void {
  if (!current) {
    // No UI mounted (early start-up or a test without the bridge): run the follow-up anyway.
    onClose?.();
    return;
  }
  current.message.open({ type: 'error', content, onClose });
}

export function toastSuccess(content: string): void {
  current?.message.open({ type: 'success', content });
}
