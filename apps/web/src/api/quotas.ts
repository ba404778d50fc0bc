import type { QuotaUsage } from '@medx/contract';
import { api } from './client';

/** GET /v1/quotas: the caller's storage, projects and running jobs against its limits. */
export const quotasApi = {
  /** Silent: the User Center shows a failed load in its quota card. */
  mine: () => api.get<QuotaUsage>('/quotas', undefined, { silent: true }),
};
