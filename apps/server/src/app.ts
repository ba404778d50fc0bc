import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { PREPARATION_JOB_TYPES } from '@medx/contract';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
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
import { LocalJobQueue } from './jobs/job-queue';
import { JobRunner } from './jobs/job-runner';
import { JobsRepository } from './jobs/jobs.repository';
import { jobsRoutes } from './jobs/jobs.routes';
import { JobsService } from './jobs/jobs.service';
import { type Clock, systemClock } from './lib/clock';
import { type CodeDelivery, OutboxDelivery, SmtpDelivery } from './lib/mailer';
import { dockingExecutor } from './modules/docking/docking.executor';
import { DockingRepository } from './modules/docking/docking.repository';
import { dockingRoutes } from './modules/docking/docking.routes';
import { DOCKING_JOB_TYPE, DockingService } from './modules/docking/docking.service';
import { fileGroupsRoutes } from './modules/files/file-groups.routes';
import { FileWriter } from './modules/files/file-records';
import { FilesRepository } from './modules/files/files.repository';
import { fileJobsRoutes, filesRoutes } from './modules/files/files.routes';
import { FilesService } from './modules/files/files.service';
import { GroupsService } from './modules/files/groups.service';
import { PdbArchiveService } from './modules/files/pdb-archive.service';
import { SamplesService } from './modules/files/samples.service';
import { StructureOpsService } from './modules/files/structure-ops.service';
import { storageRootOf, UploadsService } from './modules/files/uploads.service';
import { pocketsRoutes } from './modules/pockets/pockets.routes';
import { PocketsService } from './modules/pockets/pockets.service';
import { prepareLigand, quickPrepareProtein } from './modules/preparation/preparation.executors';
import { preparationRoutes } from './modules/preparation/preparation.routes';
import { PreparationService } from './modules/preparation/preparation.service';
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
import { workflowsRoutes } from './modules/workflows/workflows.routes';
import { WorkflowsService } from './modules/workflows/workflows.service';
import { createStorage } from './storage/create-storage';
import type { ObjectStorage } from './storage/object-storage';

export interface AppDeps {
  config: Config;
  db: Db;
  clock?: Clock;
  delivery?: CodeDelivery;
  storage?: ObjectStorage;
}

export interface App {
  http: FastifyInstance;
  services: {
    guestPurge: GuestPurgeService;
    sessions: SessionService;
    codes: VerificationCodeService;
    uploads: UploadsService;
  };
  storage: ObjectStorage;
  /** Not started by buildApp: `serve` recovers and starts it, tests do it themselves. */
  jobs: { runner: JobRunner; queue: LocalJobQueue; service: JobsService };
}

/** Builds the Fastify app from its modules; nothing here listens or schedules. */
export async function buildApp({
  config,
  db,
  clock = systemClock,
  delivery,
  storage: givenStorage,
}: AppDeps): Promise<App> {
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
  const access = new ProjectAccess(projectsRepo);

  const storage = givenStorage ?? createStorage({ storageUrl: config.storageUrl, dataDir: config.dataDir });
  const filesRepo = new FilesRepository(db.kysely);
  const writer = new FileWriter(filesRepo, storage, clock);
  const files = new FilesService(filesRepo, storage, access, writer, clock);
  const groups = new GroupsService(filesRepo, files, access, clock);
  const ops = new StructureOpsService(filesRepo, files, writer);
  const uploads = new UploadsService(
    filesRepo,
    storage,
    access,
    sessions,
    writer,
    clock,
    {
      maxUploadBytes: Math.round(config.maxUploadMb * 1024 * 1024),
      storageRoot: storageRootOf(config.dataDir),
      storageUrl: config.storageUrl,
    },
    http.log,
  );
  const pdb = new PdbArchiveService(access, writer, config.pdbArchiveUrl);
  const samples = new SamplesService(access, writer, config.samplesDir);
  const projects = new ProjectsService(projectsRepo, access, clock, (projectId) => files.entries(projectId));
  const jobsRepo = new JobsRepository(db.kysely);
  const queue = new LocalJobQueue(Math.max(1, availableParallelism()));
  const runner = new JobRunner(jobsRepo, queue, writer, clock, http.log);
  const jobs = new JobsService(jobsRepo, filesRepo, storage, access, queue, runner, clock);
  const dockingRepo = new DockingRepository(db.kysely);
  const docking = new DockingService(dockingRepo, filesRepo, storage, access, jobs);
  runner.register(DOCKING_JOB_TYPE, dockingExecutor({ results: dockingRepo, files: filesRepo, storage, clock }));
  const preparation = new PreparationService(files, jobs, access);
  const pockets = new PocketsService(files, access);
  runner.register(PREPARATION_JOB_TYPES.protein, quickPrepareProtein({ files: filesRepo, fileRules: files }));
  runner.register(PREPARATION_JOB_TYPES.ligand, prepareLigand({ files: filesRepo, fileRules: files }));
  // A purged guest's files go with its projects: the rows by cascade, the objects here.
  guestPurge.addHook(async (userIds) => {
    for (const key of await filesRepo.storageKeysOfCreators(userIds)) await storage.delete(key);
  });

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
  await http.register(projectsRoutes(projects, config, groups), { prefix: '/v1/projects' });
  await http.register(filesRoutes({ files, ops, uploads, pdb, samples }), { prefix: '/v1/files' });
  await http.register(fileGroupsRoutes(groups), { prefix: '/v1/file_groups' });
  await http.register(fileJobsRoutes({ files, ops, uploads, pdb, samples }), { prefix: '/v1/jobs' });
  await http.register(jobsRoutes(jobs), { prefix: '/v1/jobs' });
  await http.register(preparationRoutes(preparation), { prefix: '/v1/jobs' });
  await http.register(pocketsRoutes(pockets), { prefix: '/v1/docking' });
  await http.register(dockingRoutes(docking), { prefix: '/v1' });
  await http.register(workflowsRoutes(new WorkflowsService(access)), { prefix: '/v1/jobs' });
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

  return { http, services: { guestPurge, sessions, codes, uploads }, storage, jobs: { runner, queue, service: jobs } };
}
