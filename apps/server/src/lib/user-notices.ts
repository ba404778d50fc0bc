/**
 * What the platform tells one user outside their jobs and projects (a tool of theirs
 * published or rejected): features announce, the news feature stores it as an event
 * notification in the user's News and pushes it to their open streams.
 */
export type UserNotice =
  | { kind: 'TOOL_PUBLISHED'; name: string; version: string; category: string }
  | { kind: 'TOOL_REJECTED'; name: string; version: string; reason: string };

export type NoticeListener = (userId: number, notice: UserNotice, link: string) => Promise<void>;

export class UserNotices {
  private readonly listeners: NoticeListener[] = [];

  on(listener: NoticeListener): void {
    this.listeners.push(listener);
  }

  /** Tells every listener; a listener's failure is its own (it logs), never the caller's. */
  async notify(userId: number, notice: UserNotice, link: string): Promise<void> {
    for (const listener of this.listeners) await listener(userId, notice, link).catch(() => undefined);
  }
}
