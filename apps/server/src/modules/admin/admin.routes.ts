import { AdminFeedback, AdminFeedbackList, AdminFeedbackQuery, AdminFeedbackUpdate, idParam } from '@medx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../http/envelope';
import { requireAuth } from '../../http/request-context';
import type { FeedbackInboxService } from './feedback-inbox.service';

const tags = ['admin'];
const security = [{ token: [] }];

/** /v1/admin (admins only): the feedback inbox. Thin over its service. */
export function adminRoutes(feedback: FeedbackInboxService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/feedback',
      { schema: { tags, security, querystring: AdminFeedbackQuery, response: responses(AdminFeedbackList) } },
      async (req) => ok(req, await feedback.list(requireAuth(req), req.query)),
    );
    app.put(
      '/feedback/:id',
      {
        schema: {
          tags,
          security,
          params: z.object({ id: idParam }),
          body: AdminFeedbackUpdate,
          response: responses(AdminFeedback),
        },
      },
      async (req) =>
        ok(
          req,
          await feedback.setHandled(requireAuth(req), req.params.id, req.body.handled),
          req.body.handled ? 'feedbackHandled' : 'feedbackReopened',
        ),
    );
  };
}
