import type { AdminFeedback, AdminFeedbackList } from '@medx/contract';
import { api } from './client';

export type FeedbackFilter = 'open' | 'handled' | 'all';

/** The admin panel's feedback inbox (/v1/admin/feedback). */
export const adminFeedbackApi = {
  list: (status: FeedbackFilter, page: number, limit: number) =>
    api.get<AdminFeedbackList>('/admin/feedback', { status, page, limit }),
  setHandled: (id: number, handled: boolean) => api.put<AdminFeedback>(`/admin/feedback/${id}`, { handled }),
};
