/** One server-sent event: its name and its JSON data. */
export interface HubEvent {
  event: 'news' | 'job';
  data: unknown;
}

type Listener = (event: HubEvent) => void;

/**
 * Who is listening for live news, by user: each open GET /v1/messages/stream is one
 * listener. In-process, as the job engine is today; when jobs settle in other processes
 * (the screening issue's workers) the publisher becomes PostgreSQL's NOTIFY and this hub
 * its LISTEN side, with the same two calls (docs/decisions.md "News").
 */
export class NewsHub {
  private readonly listeners = new Map<number, Set<Listener>>();

  /** Adds a listener; returns its removal, or null when the user already has `max` streams. */
  subscribe(userId: number, listener: Listener, max: number): (() => void) | null {
    const own = this.listeners.get(userId) ?? new Set<Listener>();
    if (own.size >= max) return null;
    own.add(listener);
    this.listeners.set(userId, own);
    return () => {
      own.delete(listener);
      if (own.size === 0 && this.listeners.get(userId) === own) this.listeners.delete(userId);
    };
  }

  publish(userId: number, event: HubEvent): void {
    for (const listener of this.listeners.get(userId) ?? []) listener(event);
  }

  publishAll(event: HubEvent): void {
    for (const own of this.listeners.values()) for (const listener of own) listener(event);
  }

  /** Open streams (the admin's system view, and tests). */
  size(): number {
    let n = 0;
    for (const own of this.listeners.values()) n += own.size;
    return n;
  }
}
