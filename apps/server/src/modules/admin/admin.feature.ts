import { defineFeature } from '../../platform';
import { adminRoutes } from './admin.routes';
import { FeedbackInboxRepository } from './feedback-inbox.repository';
import { FeedbackInboxService } from './feedback-inbox.service';

/**
 * The admin area's own calls under /v1/admin (issue 15 part 5): the feedback inbox so far.
 * Messages have theirs in the news feature; every call checks the Admin Panel permission.
 */
export const adminFeature = defineFeature({
  name: 'admin',
  setup: ({ db, clock, isAdmin }) => {
    const feedback = new FeedbackInboxService(new FeedbackInboxRepository(db.kysely), clock, isAdmin);
    return { routes: [{ prefix: '/v1/admin', plugin: adminRoutes(feedback) }] };
  },
});
