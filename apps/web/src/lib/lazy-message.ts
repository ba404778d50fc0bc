import type { MessageArgsProps } from 'antd';
import { MESSAGE_TOP } from './message-top';

/** antd's message module, once the first toast asked for it. */
let antdMessage: Promise<typeof import('antd/es/message')> | null = null;

/**
 * antd's message, fetched on the first toast: the pages without antd (/login) show the same
 * toasts as the others (same look, same place) without carrying antd to show themselves.
 */
export const lazyMessage = {
  open(args: MessageArgsProps): void {
    antdMessage ??= import('antd/es/message');
    void antdMessage.then(({ default: message }) => {
      message.config({ top: MESSAGE_TOP });
      void message.open(args);
    });
  },
};

/**
 * Closes the toasts shown so far (page tests end with it: antd renders them in a root of its
 * own). Nothing to do when none was shown; antd's destroy would otherwise create that root.
 */
export async function closeLazyMessages(): Promise<void> {
  if (antdMessage) (await antdMessage).default.destroy();
}
