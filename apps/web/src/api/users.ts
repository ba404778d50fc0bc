import type { AuthResult, FeedbackRequest, Permissions, User } from '@medx/contract';
import { api } from './client';

export type { FeedbackRequest } from '@medx/contract';

export const usersApi = {
  me: () => api.get<User>('/users/'),
  permissions: () => api.get<Permissions>('/users/permissions'),
  logout: () => api.post<null>('/users/logout', {}),
  guestLogin: () => api.post<AuthResult>('/users/guest_login', {}),
  feedback: (body: FeedbackRequest) => api.post<null>('/users/feedback', body),
  adminRedirect: () => api.get<{ redirect_url: string }>('/users/admin/redirect'),
};
