import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config';
import type { Db } from './db/database';
import { FEATURES } from './features';
import { sendFailure } from './http/envelope';
import { registerErrorHandling } from './http/error-handler';
import { registerRequestContext } from './http/request-context';
import { registerRequestLog } from './http/request-log';
import { registerSecurityHeaders } from './http/security-headers';
import type { JobRegistry } from './jobs/job-context';
import type { JobRunner } from './jobs/job-runner';
import { type Clock, systemClock } from './lib/clock';
import type { CodeDelivery } from './lib/mailer';
import { fileGroupsRoutes, projectGroupsRoutes } from './modules/files/file-groups.routes';
import { fileJobsRoutes, filesRoutes } from './modules/files/files.routes';
import type { UploadsService } from './modules/files/uploads.service';
import { jobsRoutes } from './modules/jobs/jobs.routes';
import type { JobsService } from './modules/jobs/jobs.service';
import { projectsRoutes } from './modules/projects/projects.routes';
import type { GuestPurgeService } from './modules/users/guest-purge.service';
import type { SessionService } from './modules/users/session.service';
import { usersRoutes } from './modules/users/users.routes';
import type { UsersService } from './modules/users/users.service';
import type { VerificationCodeService } from './modules/users/verification-code.service';
import type { FeatureParts } from './platform';
import { buildServices, type ServerJobQueue } from './services';
import type { ObjectStorage } from './storage/object-storage';

export interface AppDeps {
  config: Config;
  db: Db;
  clock?: Clock;
  delivery?: CodeDelivery;
  storage?: ObjectStorage;
  /** More job types than the contract's (the engine's own tests run ECHO, SLEEP...). */
  extraJobTypes?: JobRegistry;
}

export interface App {
  http: FastifyInstance;
  services: {
    users: UsersService;
    guestPurge: GuestPurgeService;
    sessions: SessionService;
    codes: VerificationCodeService;
    uploads: UploadsService;
  };
  storage: ObjectStorage;
  /** Not started by buildApp: `serve` recovers and starts it, tests do it themselves. */
  jobs: { runner: JobRunner; queue: ServerJobQueue; service: JobsService };
}

/** TRUST_PROXY as Fastify (proxy-addr) takes it: false, or the list of trusted addresses. */
export function trustedProxies(config: Config): false | string[] {
  const list = (config.trustProxy ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  return list.length > 0 ? list : false;
}

/** Builds the Fastify app from its modules; nothing here listens or schedules. */
export async function buildApp({
  config,
  db,
  clock = systemClock,
  delivery,
  storage: givenStorage,
  extraJobTypes = {},
}: AppDeps): Promise<App> {
  const http = Fastify({
    logger: { level: config.logLevel },
    // One line per answer instead, at a level that follows the outcome (http/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    // Only the listed proxies may name the client (X-Forwarded-*); by default the
    // socket's address is the client, so per-IP limits cannot be escaped by a header.
    trustProxy: trustedProxies(config),
  }).withTypeProvider<ZodTypeProvider>();
  http.setValidatorCompiler(validatorCompiler);
  http.setSerializerCompiler(serializerCompiler);

  const services = buildServices({ config, db, log: http.log, clock, delivery, storage: givenStorage, extraJobTypes });
  const { storage, guestPurge, platform } = services;
  const { service: users, sessions, codes } = services.users;
  const { service: projects } = services.projects;
  const { service: files, groups, ops, uploads, pdb, samples } = services.files;
  const { runner, queue, service: jobs } = services.jobs;

  // Features build on the platform and register their routes and job executors.
  const features: FeatureParts[] = FEATURES.map((feature) => feature.setup(platform));
  for (const parts of features) {
    for (const [type, executor] of Object.entries(parts.executors ?? {})) {
      runner.register(type, executor);
    }
  }

  registerSecurityHeaders(http);
  registerRequestLog(http);
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
  await http.register(projectGroupsRoutes(groups), { prefix: '/v1/projects' });
  await http.register(filesRoutes({ files, ops, uploads, pdb, samples }), { prefix: '/v1/files' });
  await http.register(fileGroupsRoutes(groups), { prefix: '/v1/file_groups' });
  await http.register(fileJobsRoutes({ files, ops, uploads, pdb, samples }), { prefix: '/v1/jobs' });
  await http.register(jobsRoutes(jobs), { prefix: '/v1/jobs' });
  for (const parts of features) {
    for (const { prefix, plugin } of parts.routes ?? []) await http.register(plugin, { prefix });
  }
  await http.register(async (scope) => {
    // tus reads the raw request body itself.
    scope.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));
    const handle = async (req: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      await (await uploads.tusServer()).handle(req.raw, reply.raw);
    };
    scope.all('/v1/uploads', { schema: { hide: true } }, handle);
    scope.all('/v1/uploads/*', { schema: { hide: true } }, handle);
  });

  // The single-page app: static files, and index.html for its client-side routes.
  const hasWeb = existsSync(join(config.webDist, 'index.html'));
  if (hasWeb) await http.register(fastifyStatic, { root: config.webDist, wildcard: false });
  http.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/v1/') || !hasWeb || request.method !== 'GET') {
      return sendFailure(reply, 404, request.lang ?? 'en', 'notFound');
    }
    return reply.type('text/html').sendFile('index.html');
  });

  return {
    http,
    services: { users, guestPurge, sessions, codes, uploads },
    storage,
    jobs: { runner, queue, service: jobs },
  };
}
