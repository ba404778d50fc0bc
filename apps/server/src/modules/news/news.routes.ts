import {
  AckAllRequest,
  AdminMessage,
  AdminMessageInput,
  AdminMessageList,
  AdminMessagesQuery,
  idParam,
  SystemMessage,
  SystemMessagesQuery,
  UnreadCount,
} from '@medx/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses, sendFailure } from '../../http/envelope';
import { requireAuth } from '../../http/request-context';
import type { NewsService } from './news.service';
import type { HubEvent, NewsHub } from './news-hub';

const tags = ['messages'];
const security = [{ token: [] }];
const IdParams = z.object({ id: idParam });

/** A comment line every so often keeps proxies from closing an idle stream. */
const KEEP_ALIVE_MS = 25_000;

const frame = ({ event, data }: HubEvent) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** /v1/messages (spec §7, and the admins' calls and the live stream it does not show). Thin over NewsService. */
export function newsRoutes(news: NewsService, hub: NewsHub, streamsPerUser: number): FastifyPluginAsyncZod {
  return async (app) => {
    const closers = new Set<() => void>();
    // Open streams would hold the server's close forever: end them first.
    app.addHook('preClose', (done) => {
      for (const close of closers) close();
      done();
    });

    app.get('/unread/count', { schema: { tags, security, response: responses(z.array(UnreadCount)) } }, async (req) =>
      ok(req, await news.unreadCounts(requireAuth(req))),
    );
    app.get(
      '/system',
      {
        schema: {
          tags,
          security,
          description:
            'Messages of a type, newest first. content is JSON text {title, content, link?} in the language of Accept-Language.',
          querystring: SystemMessagesQuery,
          response: responses(z.array(SystemMessage)),
        },
      },
      async (req) => ok(req, await news.list(requireAuth(req), req.query, req.lang)),
    );
    app.post(
      '/:id/ack',
      { schema: { tags, security, params: IdParams, response: responses(z.null()) } },
      async (req) => {
        await news.ack(requireAuth(req), req.params.id);
        return ok(req, null);
      },
    );
    app.post(
      '/ack_all',
      { schema: { tags, security, body: AckAllRequest, response: responses(z.null()) } },
      async (req) => {
        await news.ackAll(requireAuth(req), req.body.message_type);
        return ok(req, null, 'messagesAcked');
      },
    );

    app.get(
      '/stream',
      {
        schema: {
          tags,
          security,
          description:
            'Server-sent events: `news` ({type}) when a message reaches you, `job` ({job_id, project_id, status}) when one of your jobs ends.',
        },
      },
      async (req, reply) => {
        const auth = requireAuth(req);
        const raw = reply.raw;
        const send = (event: HubEvent) => raw.write(frame(event));
        const unsubscribe = hub.subscribe(auth.user.id, send, streamsPerUser);
        if (!unsubscribe) return sendFailure(reply, 429, req.lang, 'rateLimited');
        reply.hijack();
        raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          // nginx would otherwise hold events back in its buffer.
          'x-accel-buffering': 'no',
        });
        raw.write(': connected\n\n');
        const ping = setInterval(() => raw.write(': ping\n\n'), KEEP_ALIVE_MS);
        const close = () => {
          clearInterval(ping);
          unsubscribe();
          closers.delete(close);
          if (!raw.writableEnded) raw.end();
        };
        closers.add(close);
        req.raw.on('close', close);
      },
    );

    // Admins (the Admin Panel permission): notices and version notes.
    app.get(
      '/admin',
      { schema: { tags, security, querystring: AdminMessagesQuery, response: responses(AdminMessageList) } },
      async (req) => ok(req, await news.adminList(requireAuth(req), req.query.page, req.query.limit)),
    );
    app.post(
      '/admin',
      { schema: { tags, security, body: AdminMessageInput, response: responses(AdminMessage) } },
      async (req) => ok(req, await news.create(requireAuth(req), req.body), 'messageSaved'),
    );
    app.put(
      '/admin/:id',
      { schema: { tags, security, params: IdParams, body: AdminMessageInput, response: responses(AdminMessage) } },
      async (req) => ok(req, await news.update(requireAuth(req), req.params.id, req.body), 'messageSaved'),
    );
    app.post(
      '/admin/:id/publish',
      { schema: { tags, security, params: IdParams, response: responses(AdminMessage) } },
      async (req) => ok(req, await news.publish(requireAuth(req), req.params.id), 'messagePublished'),
    );
    app.post(
      '/admin/:id/withdraw',
      { schema: { tags, security, params: IdParams, response: responses(AdminMessage) } },
      async (req) => ok(req, await news.withdraw(requireAuth(req), req.params.id), 'messageWithdrawn'),
    );
  };
}
