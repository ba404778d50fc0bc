import type { AdminFeedback, AdminFeedbackList, AdminFeedbackQuery } from '@medx/contract';
import { type IsAdmin, requireAdmin } from '../../http/admin-guard';
import { notFound } from '../../http/app-error';
import type { AuthContext } from '../../http/request-context';
import { type Clock, iso } from '../../lib/clock';
import type { FeedbackInboxRepository, FeedbackInboxRow } from './feedback-inbox.repository';

function toFeedback(row: FeedbackInboxRow): AdminFeedback {
  return {
    id: row.id,
    email: row.email,
    content: row.content,
    created_at: row.created_at,
    user:
      row.user_id !== null && row.username !== null && row.user_type !== null
        ? { id: row.user_id, username: row.username, user_type: row.user_type }
        : null,
    handled_at: row.handled_at ?? null,
  };
}

/** The admin area's feedback inbox: what users sent through the Feedback form, open or handled. */
export class FeedbackInboxService {
  constructor(
    private readonly repo: FeedbackInboxRepository,
    private readonly clock: Clock,
    private readonly isAdmin: IsAdmin,
  ) {}

  private requireAdmin(auth: AuthContext): void {
    requireAdmin(auth, this.isAdmin, 'adminOnly');
  }

  async list(auth: AuthContext, query: AdminFeedbackQuery): Promise<AdminFeedbackList> {
    this.requireAdmin(auth);
    const { total, items } = await this.repo.list(query);
    return { total, items: items.map(toFeedback) };
  }

  async setHandled(auth: AuthContext, id: number, handled: boolean): Promise<AdminFeedback> {
    this.requireAdmin(auth);
    const row = await this.repo.find(id);
    if (!row) throw notFound('feedbackNotFound');
    // Marking it again keeps the first admin's time: the inbox shows when it was dealt with.
    if (handled && row.handled_at) return toFeedback(row);
    await this.repo.setHandled(id, handled ? iso(this.clock.now()) : null, handled ? auth.user.id : null);
    return toFeedback((await this.repo.find(id))!);
  }
}
