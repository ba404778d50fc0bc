import { defineFeature } from '../../platform';
import { quotasRoutes } from './quotas.routes';

/**
 * Quotas' routes (GET /v1/quotas, PUT /v1/quotas/storage). The service itself is part of the
 * platform (services.ts): the files, projects and jobs modules ask it before they store,
 * create or queue; this registration only answers its HTTP calls.
 */
export const quotasFeature = defineFeature({
  name: 'quotas',
  setup: ({ quotas }) => ({
    routes: [{ prefix: '/v1/quotas', plugin: quotasRoutes(quotas) }],
  }),
});
