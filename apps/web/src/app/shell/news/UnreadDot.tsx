import { Badge } from 'antd';
import type { ReactNode } from 'react';

/**
 * antd's Badge with a red dot when `count` is above 0. The dot is our own element (antd's
 * built-in one takes no attributes) so tests and e2e can find it by its test id.
 */
export function UnreadDot({ count, testId, children }: { count: number; testId: string; children: ReactNode }) {
  return <Badge count={count > 0 ? <span className="medx-unread-dot" data-testid={testId} /> : null}>{children}</Badge>;
}
