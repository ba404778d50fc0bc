/**
 * What a feature of the server is built on, and how it registers itself. The platform
 * (accounts, projects, files, the job engine) is built once in app.ts; every feature
 * (preparation, pockets, docking, workflows, and those to come) is a ServerFeature in
 * features.ts: it builds its own services from the platform and answers its routes and
 * the executors of its job types. Adding a feature touches neither the engine nor the
 * other features: one entry in features.ts.
 */

import type { JOB_TYPES, JobType, Permissions } from '@medx/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/database';
import type { UserRow } from './db/schema';
import type { Executor } from './jobs/job-context';
import type { Clock } from './lib/clock';
import type { MailDelivery } from './lib/mailer';
import type { UserNotices } from './lib/user-notices';
import type { FileWriter } from './modules/files/file-records';
import type { FilesRepository } from './modules/files/files.repository';
import type { FilesService } from './modules/files/files.service';
import type { JobsService } from './modules/jobs/jobs.service';
import type { ProjectAccess } from './modules/projects/project-access';
import type { ProjectsService } from './modules/projects/projects.service';
import type { QuotasService } from './modules/quotas/quotas.service';
import type { StepToolRegistry } from './modules/tools/step-tools';
import type { ObjectStorage } from './storage/object-storage';

export interface Platform {
  config: Config;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  storage: ObjectStorage;
  /** The single permission check for project-scoped calls. */
  access: ProjectAccess;
  files: { repository: FilesRepository; service: FilesService; writer: FileWriter };
  /** Submitting jobs and reading them (the job registry validates every submission). */
  jobs: JobsService;
  /** Storage, project and job quotas: usage, and the admin's per-user storage quota. */
  quotas: QuotasService;
  /** Hears of joins to shared projects. */
  projects: Pick<ProjectsService, 'onJoined'>;
  /** E-mail that is not a code (SMTP_URL, else DATA_DIR/outbox.jsonl). */
  mail: MailDelivery;
  /** A user's permission data (spec §3): tools and workflows policies, the Admin Panel. */
  permissions(user: UserRow): Permissions;
  /** Whether a user has the Admin Panel permission (admin-only calls check it with http/admin-guard.ts). */
  isAdmin(user: UserRow): boolean;
  /** Whether ADMIN_EMAILS names the user (the admin area cannot take that permission away). */
  isAdminByConfig(user: UserRow): boolean;
  /**
   * What a workflow's tool step can run (modules/workflows/step-tools.ts): the tools
   * feature adds its catalogue, other features their own jobs offered as steps.
   */
  stepTools: StepToolRegistry;
  /** What features tell one user (a tool published or rejected); the news feature delivers it. */
  notices: UserNotices;
}

/** The executor of job type T: its context carries T's params and result types. */
export type ExecutorOf<T extends JobType> = Executor<(typeof JOB_TYPES)[T]>;

/** Executors by job type: each feature answers those of its own job types. */
export type ExecutorRegistrations = { [T in JobType]?: ExecutorOf<T> };

export interface FeatureParts {
  /** Fastify plugins and the prefix each is mounted at (e.g. '/v1/jobs'). */
  routes?: readonly { prefix: string; plugin: FastifyPluginAsyncZod }[];
  executors?: ExecutorRegistrations;
}

export interface ServerFeature {
  name: string;
  setup(platform: Platform): FeatureParts;
}

/** Identity, for type checking at the definition: `export const x = defineFeature({...})`. */
export const defineFeature = (feature: ServerFeature): ServerFeature => feature;
