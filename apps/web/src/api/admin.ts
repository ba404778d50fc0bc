import type {
  AdminAdjustment,
  AdminFeedback,
  AdminFeedbackList,
  AdminInstance,
  AdminInstanceList,
  AdminInstanceQuery,
  AdminOrderList,
  AdminOrderQuery,
  AdminSystem,
  AdminUser,
  AdminUserList,
  AdminUserQuery,
  AdminUserUpdate,
  LedgerList,
  LedgerQuery,
  QuotaUsage,
  SetStorageQuotaRequest,
  ToolsPolicyUpdate,
  WorkflowsPolicyUpdate,
} from '@medx/contract';
import { api } from './client';

export type FeedbackFilter = 'open' | 'handled' | 'all';

/** The admin panel's feedback inbox (/v1/admin/feedback). */
export const adminFeedbackApi = {
  list: (status: FeedbackFilter, page: number, limit: number) =>
    api.get<AdminFeedbackList>('/admin/feedback', { status, page, limit }),
  setHandled: (id: number, handled: boolean) => api.put<AdminFeedback>(`/admin/feedback/${id}`, { handled }),
};

/**
 * The admin panel's users (/v1/admin/users): search, disable, the Admin Panel permission, balance
 * and quota adjustments, the account record; and the per-user policies other modules own
 * (tools, workflows, storage), which the user drawer sets.
 */
export const adminUsersApi = {
  list: (query: AdminUserQuery) => api.get<AdminUserList>('/admin/users', { ...query }),
  update: (id: number, body: AdminUserUpdate) => api.put<AdminUser>(`/admin/users/${id}`, body),
  adjust: (id: number, body: AdminAdjustment) => api.post<AdminUser>(`/admin/users/${id}/adjust`, body),
  ledger: (id: number, query: LedgerQuery) => api.get<LedgerList>(`/admin/users/${id}/ledger`, { ...query }),
  setToolsPolicy: (body: ToolsPolicyUpdate) => api.put<null>('/tools/policy', body),
  setWorkflowsPolicy: (body: WorkflowsPolicyUpdate) => api.put<null>('/workflows/policy', body),
  setStorageQuota: (body: SetStorageQuotaRequest) => api.put<QuotaUsage>('/quotas/storage', body),
};

/** Every user's orders (/v1/admin/orders). */
export const adminOrdersApi = {
  list: (query: AdminOrderQuery) => api.get<AdminOrderList>('/admin/orders', { ...query }),
};

/** Every user's instances (/v1/admin/instances); an admin can stop one. */
export const adminInstancesApi = {
  list: (query: AdminInstanceQuery) => api.get<AdminInstanceList>('/admin/instances', { ...query }),
  stop: (id: number) => api.post<AdminInstance>(`/admin/instances/${id}/stop`),
};

/** Workers, lanes, queue, storage and users at a glance (/v1/admin/system). */
export const adminSystemApi = {
  get: () => api.get<AdminSystem>('/admin/system'),
};
