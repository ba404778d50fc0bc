import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { JOB_TYPES } from '@medx/contract';
import type { FastifyBaseLogger } from 'fastify';
import { adminEmailSet, type Config } from './config';
import type { Db } from './db/database';
import type { UserRow } from './db/schema';
import type { JobRegistry } from './jobs/job-context';
import { type JobQueue, LocalJobQueue } from './jobs/job-queue';
import { JobRunner } from './jobs/job-runner';
import { PgBossJobQueue } from './jobs/pgboss-job-queue';
import { type Clock, iso, systemClock } from './lib/clock';
import { type CodeDelivery, OutboxDelivery, SmtpDelivery } from './lib/mailer';
import { UserNotices } from './lib/user-notices';
import { FileWriter } from './modules/files/file-records';
import { FilesRepository } from './modules/files/files.repository';
import { FilesService } from './modules/files/files.service';
import { GroupsService } from './modules/files/groups.service';
import { jobOutputFiles } from './modules/files/job-outputs';
import { PdbArchiveService } from './modules/files/pdb-archive.service';
import { SamplesService } from './modules/files/samples.service';
import { StructureOpsService } from './modules/files/structure-ops.service';
import { storageRootOf, UploadsService } from './modules/files/uploads.service';
import { JobsRepository } from './modules/jobs/jobs.repository';
import { JobsService } from './modules/jobs/jobs.service';
import { ProjectAccess } from './modules/projects/project-access';
import { ProjectsRepository } from './modules/projects/projects.repository';
import { ProjectsService } from './modules/projects/projects.service';
import { QuotasRepository } from './modules/quotas/quotas.repository';
import { formatBytes, QuotasService, quotaLimitsOf } from './modules/quotas/quotas.service';
import { StepToolRegistry } from './modules/tools/step-tools';
import { GuestPurgeService } from './modules/users/guest-purge.service';
import { SessionService } from './modules/users/session.service';
import { UsersRepository } from './modules/users/users.repository';
import { UsersService } from './modules/users/users.service';
import { VerificationCodeService } from './modules/users/verification-code.service';
import type { Platform } from './platform';
import { createStorage } from './storage/create-storage';
import type { ObjectStorage } from './storage/object-storage';

/** The queue behind the runner: in-process, or pg-boss when several servers share it (JOB_QUEUE). */
export type ServerJobQueue = JobQueue & { idle(): Promise<void>; close?(): Promise<void> };

export interface ServiceDeps {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  clock?: Clock;
  delivery?: CodeDelivery;
  storage?: ObjectStorage;
  /** More job types than the contract's (the engine's own tests run ECHO, SLEEP...). */
  extraJobTypes?: JobRegistry;
}

/** Every repository and service of the platform, wired once; no HTTP, no timers, nothing started. */
export interface Services {
  storage: ObjectStorage;
  users: {
    repository: UsersRepository;
    service: UsersService;
    sessions: SessionService;
    codes: VerificationCodeService;
  };
  guestPurge: GuestPurgeService;
  projects: { repository: ProjectsRepository; service: ProjectsService; access: ProjectAccess };
  files: {
    repository: FilesRepository;
    service: FilesService;
    writer: FileWriter;
    groups: GroupsService;
    ops: StructureOpsService;
    uploads: UploadsService;
    pdb: PdbArchiveService;
    samples: SamplesService;
  };
  jobs: { repository: JobsRepository; queue: ServerJobQueue; runner: JobRunner; service: JobsService };
  /** Storage, project and job quotas (the files, projects and jobs services ask it). */
  quotas: QuotasService;
  /** What features build on (platform.ts). */
  platform: Platform;
}

/**
 * Builds the platform's services the one way the server does: app.ts puts HTTP routes
 * and features on top, and the medium test tier (test/medium) calls the same services
 * directly, so both exercise the same wiring (the guest purge's file hook included).
 */
export function buildServices({
  config,
  db,
  log,
  clock = systemClock,
  delivery,
  storage: givenStorage,
  extraJobTypes = {},
}: ServiceDeps): Services {
  const outbox = new OutboxDelivery(join(config.dataDir, 'outbox.jsonl'), log);
  const mail = config.smtpUrl ? new SmtpDelivery(config.smtpUrl, config.mailFrom, outbox) : outbox;
  const codeDelivery = delivery ?? mail;

  const sessions = new SessionService(db.kysely, clock);
  const codes = new VerificationCodeService(db.kysely, clock, codeDelivery);
  const usersRepo = new UsersRepository(db.kysely);
  const users = new UsersService(usersRepo, sessions, codes, clock, adminEmailSet(config));
  const guestPurge = new GuestPurgeService(usersRepo, clock, log);
  const projectsRepo = new ProjectsRepository(db.kysely);
  const access = new ProjectAccess(projectsRepo);

  const isAdmin = (user: UserRow) => users.permissions(user).ADMIN_PANEL === true;
  const storage = givenStorage ?? createStorage({ storageUrl: config.storageUrl, dataDir: config.dataDir });
  const quotas = new QuotasService(new QuotasRepository(db.kysely), quotaLimitsOf(config), isAdmin);
  const filesRepo = new FilesRepository(db.kysely);
  const writer = new FileWriter(filesRepo, storage, clock, quotas);
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
    log,
  );
  const pdb = new PdbArchiveService(access, writer, config.pdbArchiveUrl);
  const samples = new SamplesService(access, writer, config.samplesDir);
  const projects = new ProjectsService(
    projectsRepo,
    access,
    clock,
    (projectId) => files.entries(projectId),
    (auth, work) => quotas.admitProject(auth, work),
  );
  const jobsRepo = new JobsRepository(db.kysely);
  const concurrency = Math.max(1, availableParallelism());
  const queue: ServerJobQueue =
    config.jobQueue === 'pgboss' && config.databaseUrl
      ? new PgBossJobQueue(config.databaseUrl, concurrency)
      : new LocalJobQueue(concurrency);
  if (queue instanceof PgBossJobQueue) queue.setErrorListener((err) => log.error({ err }, 'the job queue (pg-boss)'));
  // Outputs are kept beyond the storage quota; the job's log says so (docs/decisions.md "Quotas").
  const outputs = jobOutputFiles(writer, (jobId, usage) =>
    jobsRepo.appendLog(
      jobId,
      `\n[${iso(clock.now())}] Storage quota exceeded: the project owner's ${formatBytes(usage.limit)} now hold ${formatBytes(usage.used)}. This job's outputs are kept; new uploads and jobs are refused until files are deleted.\n`,
    ),
  );
  const runner = new JobRunner(
    { ...JOB_TYPES, ...extraJobTypes },
    jobsRepo,
    queue,
    outputs,
    clock,
    log,
    config.jobQueue === 'pgboss' ? { staleMs: config.jobStaleSeconds * 1000 } : null,
  );
  const jobs = new JobsService(jobsRepo, filesRepo, storage, access, queue, runner, clock, (auth, projectId, work) =>
    quotas.admitJob(auth, projectId, work),
  );

  // A purged guest's files go with its projects: the rows by cascade, the objects here.
  guestPurge.addHook(async (userIds) => {
    for (const key of await filesRepo.storageKeysOfCreators(userIds)) await storage.delete(key);
  });

  return {
    storage,
    users: { repository: usersRepo, service: users, sessions, codes },
    guestPurge,
    projects: { repository: projectsRepo, service: projects, access },
    files: { repository: filesRepo, service: files, writer, groups, ops, uploads, pdb, samples },
    jobs: { repository: jobsRepo, queue, runner, service: jobs },
    quotas,
    platform: {
      config,
      db,
      clock,
      log,
      storage,
      access,
      files: { repository: filesRepo, service: files, writer },
      jobs,
      quotas,
      projects,
      mail,
      permissions: (user) => users.permissions(user),
      isAdmin,
      isAdminByConfig: (user) => users.isAdminByConfig(user),
      stepTools: new StepToolRegistry(),
      notices: new UserNotices(),
    },
  };
}
