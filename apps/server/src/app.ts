import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminEmailSet, type Config } from './config';
import type { Db } from './db/database';
import { sendFailure } from './http/envelope';
import { registerErrorHandling } from './http/error-handler';
import { registerRequestContext } from './http/request-context';
import { type Clock, systemClock } from './lib/clock';
import { type CodeDelivery, OutboxDelivery, SmtpDelivery } from './lib/mailer';
import { ProjectAccess } from './modules/projects/project-access';
import { ProjectsRepository } from './modules/projects/projects.repository';
import { projectsRoutes } from './modules/projects/projects.routes';
import { ProjectsService } from './modules/projects/projects.service';
import { GuestPurgeService } from './modules/users/guest-purge.service';
import { SessionService } from './modules/users/session.service';
import { UsersRepository } from './modules/users/users.repository';
import { usersRoutes } from './modules/users/users.routes';
import { UsersService } from './modules/users/users.service';
import { VerificationCodeService } from './modules/users/verification-code.service';

export interface AppDeps {
  config: Config;
  db: Db;
  clock?: Clock;
  delivery?: CodeDelivery;
}

export interface App {
  http: FastifyInstance;
  services: { guestPurge: GuestPurgeService; sessions: SessionService; codes: VerificationCodeService };
}

/** Builds the Fastify app from its modules; nothing here listens or schedules. */
export async function buildApp({ config, db, clock = systemClock, delivery }: AppDeps): Promise<App> {
  const http = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    // Behind a proxy the client's address and scheme come from X-Forwarded-*.
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();
  http.setValidatorCompiler(validatorCompiler);
  http.setSerializerCompiler(serializerCompiler);

  const outbox = new OutboxDelivery(join(config.dataDir, 'outbox.jsonl'), http.log);
  const codeDelivery =
    delivery ?? (config.smtpUrl ? new SmtpDelivery(config.smtpUrl, config.mailFrom, outbox) : outbox);

  const sessions = new SessionService(db.kysely, clock);
  const codes = new VerificationCodeService(db.kysely, clock, codeDelivery);
  const usersRepo = new UsersRepository(db.kysely);
  const users = new UsersService(usersRepo, sessions, codes, clock, adminEmailSet(config));
  const guestPurge = new GuestPurgeService(usersRepo, clock, http.log);
  const projectsRepo = new ProjectsRepository(db.kysely);
  const projects = new ProjectsService(projectsRepo, new ProjectAccess(projectsRepo), clock);

  registerErrorHandling(http);
  registerRequestContext(http, sessions);

  await http.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_req, context) => ({ statusCode: context.statusCode, message: 'rateLimited' }),
  });
  await http.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'MedX Workbench API',
        version: '1.0.0',
        description:
          'Every answer is {success, msg, data}; msg follows Accept-Language (zh-CN or en). Authenticate with the `token` header.',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
    },
    transform: jsonSchemaTransform,
  });
  await http.register(fastifySwaggerUi, { routePrefix: '/v1/docs' });
  http.get('/v1/openapi.json', { schema: { hide: true } }, async () => http.swagger());

  http.get(
    '/v1/health',
    {
      schema: {
        tags: ['system'],
        response: {
          200: z.object({
            success: z.boolean(),
            msg: z.string(),
            data: z.object({ status: z.string(), database: z.string() }),
          }),
        },
      },
    },
    async () => ({ success: true, msg: 'ok', data: { status: 'ok', database: db.dialect } }),
  );
  await http.register(usersRoutes(users, config), { prefix: '/v1/users' });
  await http.register(projectsRoutes(projects, config), { prefix: '/v1/projects' });

  // The single-page app: static files, and index.html for its client-side routes.
  const hasWeb = existsSync(join(config.webDist, 'index.html'));
  if (hasWeb) await http.register(fastifyStatic, { root: config.webDist, wildcard: false });
  http.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/v1/') || !hasWeb || request.method !== 'GET') {
      return sendFailure(reply, 404, request.lang ?? 'en', 'notFound');
    }
    return reply.type('text/html').sendFile('index.html');
  });

  return { http, services: { guestPurge, sessions, codes } };
}
