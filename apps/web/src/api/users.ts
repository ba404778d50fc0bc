import type { AuthResult, Permissions, User } from '@medx/contract';
import { api } from './client';

/** Feedback form body (spec §3 Feedback: email, content). Not in the contract yet. */
export interface FeedbackRequest {
  email: string;
  content: string;
}

export const usersApi = {
  me: () => api.get<User>('/users/'),
  permissions: () => api.get<Permissions>('/users/permissions'),
  logout: () => api.post<null>('/users/logout', {}),
  guestLogin: () => api.post<AuthResult>('/users/guest_login', {}),
  feedback: (body: FeedbackRequest) => api.post<null>('/users/feedback', body),
  adminRedirect: () => api.get<{ redirect_url: string }>('/users/admin/redirect'),
};
