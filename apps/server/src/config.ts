import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { QUOTA_POLICY } from '@medx/contract';
import { z } from 'zod';

/**
 * Typed configuration, read once from the environment and validated at start-up.
 * Every setting: env name, type, default, and why it exists.
 */
const ConfigSchema = z.object({
  /** PORT: HTTP port. */
  port: z.coerce.number().int().min(0).max(65535).default(8080),
  /** HOST: interface to bind; 0.0.0.0 serves other machines too. */
  host: z.string().default('0.0.0.0'),
  /** DATA_DIR: SQLite file, local object storage and the development outbox live here. */
  dataDir: z.string().default('./data'),
  /** DATABASE_URL: postgres://... switches from the embedded SQLite file to PostgreSQL. */
  databaseUrl: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  /** STORAGE_URL: s3://[key:secret@]bucket?endpoint=...&region=...&forcePathStyle=true; unset → DATA_DIR/storage. */
  storageUrl: z
    .string()
    .regex(/^s3:\/\//, 'STORAGE_URL must start with s3://')
    .optional(),
  /** MAX_UPLOAD_MB: the largest file an upload may be. */
  maxUploadMb: z.coerce.number().positive().default(512),
  /** PDB_ARCHIVE_URL: base of the structure archive Get PDB downloads <ID>.pdb / <ID>.cif from. */
  pdbArchiveUrl: z.string().url().default('https://files.rcsb.org/download'),
  /** SMTP_URL: smtp(s)://user:pass@host:port to deliver e-mail codes; unset → development outbox. */
  smtpUrl: z.string().optional(),
  /** MAIL_FROM: sender address of e-mails. */
  mailFrom: z.string().default('MedX Workbench <no-reply@localhost>'),
  /**
   * JOB_MAIL_AFTER_MINUTES: a registered user with an e-mail gets one when a job that ran at
   * least this long finishes or fails (SMTP, or the outbox); unset → no job e-mails.
   */
  jobMailAfterMinutes: z.coerce.number().positive().optional(),
  /** NEWS_STREAMS_PER_USER: live news streams (browser tabs) one user may hold open. */
  newsStreamsPerUser: z.coerce.number().int().positive().default(8),
  /** PUBLIC_URL: origin used in share links; unset → the request's own origin. */
  publicUrl: z.string().url().optional(),
  /** WEB_DIST: the built web app served at /; defaults to apps/web/dist of this checkout. */
  webDist: z.string().optional(),
  /** ADMIN_EMAILS: comma-separated e-mails of users who get the Admin Panel permission. */
  adminEmails: z.string().default(''),
  /**
   * ADMIN_PANEL_URL: absolute address the sidebar's Admin Panel item opens (GET
   * /v1/users/admin/redirect); unset → this server's own admin area, <PUBLIC_URL or the
   * request's origin>/admin (docs/decisions.md "News").
   */
  adminPanelUrl: z.string().url().optional(),
  /** GUEST_PURGE_INTERVAL_MINUTES: how often expired guest accounts are purged. */
  guestPurgeIntervalMinutes: z.coerce.number().positive().default(60),
  /** RATE_LIMIT_*: per-IP request budgets on the account endpoints most exposed to abuse. */
  rateLimitLoginPerMinute: z.coerce.number().int().positive().default(20),
  rateLimitGuestPerHour: z.coerce.number().int().positive().default(60),
  rateLimitCodesPerHour: z.coerce.number().int().positive().default(30),
  /**
   * TRUST_PROXY: comma-separated addresses or CIDR ranges of reverse proxies whose
   * X-Forwarded-For may name the client (also proxy-addr's names loopback, linklocal,
   * uniquelocal). Unset: the socket's address is the client, as any other setting lets
   * a client pick its own address and escape every per-IP limit.
   */
  trustProxy: z
    .string()
    .trim()
    .refine(
      (v) => !/^(true|\*|\d+)$/i.test(v),
      'list the proxy addresses (trusting every hop lets clients forge theirs)',
    )
    .optional(),
  /** LOG_LEVEL: fatal | error | warn | info | debug | silent. */
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** STORAGE_QUOTA_MB / GUEST_STORAGE_QUOTA_MB: default storage per user (files + unfinished uploads). */
  storageQuotaMb: z.coerce.number().positive().default(QUOTA_POLICY.storageMb),
  guestStorageQuotaMb: z.coerce.number().positive().default(QUOTA_POLICY.guestStorageMb),
  /** PROJECTS_MAX / GUEST_PROJECTS_MAX: projects one user may create (recycle bin included). */
  projectsMax: z.coerce.number().int().positive().default(QUOTA_POLICY.projects),
  guestProjectsMax: z.coerce.number().int().positive().default(QUOTA_POLICY.guestProjects),
  /** ACTIVE_JOBS_MAX / GUEST_ACTIVE_JOBS_MAX: jobs one user may have queued or running at once. */
  activeJobsMax: z.coerce.number().int().positive().default(QUOTA_POLICY.activeJobs),
  guestActiveJobsMax: z.coerce.number().int().positive().default(QUOTA_POLICY.guestActiveJobs),
  /**
   * COMPUTE_QUOTA_CORE_HOURS / GUEST_COMPUTE_QUOTA_CORE_HOURS: core-hours of shared capacity a
   * user's jobs may use (admins add more per user; jobs on a bought instance do not count).
   */
  computeQuotaCoreHours: z.coerce.number().nonnegative().default(100),
  guestComputeQuotaCoreHours: z.coerce.number().nonnegative().default(2),
  /** INSTANCE_CAPACITY_CORES: cores this deployment can dedicate to bought instances at once. */
  instanceCapacityCores: z.coerce.number().int().nonnegative().default(64),
  /** INSTANCE_ACTIVATION_SECONDS: from payment to a running instance (pending → initializing → starting → running). */
  instanceActivationSeconds: z.coerce.number().nonnegative().default(6),
  /**
   * SCREEN_CHUNKS: who docks a screen's chunks: 'local' (this server's job runner, the
   * embedded default), 'workers' (`medx worker` processes on any machine that reaches the
   * database and the object storage) or 'slurm' (such workers as Slurm array jobs; docs/deploy.md).
   */
  screenChunks: z.enum(['local', 'workers', 'slurm']).default('local'),
  /**
   * JOB_QUEUE: 'local' (the embedded default: this process's queue) or 'pgboss' (a queue in
   * PostgreSQL shared by several servers: needs DATABASE_URL; docs/deploy.md).
   */
  jobQueue: z.enum(['local', 'pgboss']).default('local'),
  /** JOB_STALE_SECONDS: with JOB_QUEUE=pgboss, a job whose server has not beaten for this long is run by another. */
  jobStaleSeconds: z.coerce.number().int().min(3).max(3600).default(60),
  /** SCREEN_SLURM_TASKS: array tasks per screen with SCREEN_CHUNKS=slurm (one core each). */
  screenSlurmTasks: z.coerce.number().int().min(1).max(10000).default(4),
  /** SCREEN_SLURM_PARTITION: the partition the array jobs go to (default: the cluster's). */
  screenSlurmPartition: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'SCREEN_SLURM_PARTITION must be a partition name')
    .optional(),
  /** SCREEN_SLURM_LOG_DIR: a folder on the shared filesystem for the tasks' output (default: none kept). */
  screenSlurmLogDir: z.string().optional(),
  /** SCREEN_PARALLEL: chunks this server docks at once when SCREEN_CHUNKS=local (default: its cores). */
  screenParallel: z.coerce.number().int().min(1).max(1024).optional(),
  /**
   * SCREEN_CLAIM_TIMEOUT_SECONDS: a worker beats every quarter of this; ligands of a worker
   * silent this long (killed, cut off) are docked by another.
   */
  screenClaimTimeoutSeconds: z.coerce.number().int().min(4).max(3600).default(60),
  /** WORKER_SLOTS: chunks one `medx worker` docks at once (default: its cores, Vina on one core each). */
  workerSlots: z.coerce.number().int().min(1).max(1024).optional(),
  /** WORKER_CHUNK_SIZE: ligands a worker claims at a time (small: a killed worker loses little). */
  workerChunkSize: z.coerce.number().int().min(1).max(256).default(4),
  /** PAYMENT_PROVIDER: who takes recharges; only 'sandbox' ships (docs/decisions.md "Billing" for real ones). */
  paymentProvider: z.enum(['sandbox']).default('sandbox'),
  /** PAYMENT_SANDBOX_SECRET: the sandbox's webhook signing key; unset → a random one per process. */
  paymentSandboxSecret: z.string().min(16).optional(),
});

export type Config = z.infer<typeof ConfigSchema> & { webDist: string; dataDir: string; samplesDir: string };

const ENV_NAMES: Record<keyof z.infer<typeof ConfigSchema>, string> = {
  port: 'PORT',
  host: 'HOST',
  dataDir: 'DATA_DIR',
  databaseUrl: 'DATABASE_URL',
  storageUrl: 'STORAGE_URL',
  screenChunks: 'SCREEN_CHUNKS',
  jobQueue: 'JOB_QUEUE',
  jobStaleSeconds: 'JOB_STALE_SECONDS',
  screenSlurmTasks: 'SCREEN_SLURM_TASKS',
  screenSlurmPartition: 'SCREEN_SLURM_PARTITION',
  screenSlurmLogDir: 'SCREEN_SLURM_LOG_DIR',
  screenParallel: 'SCREEN_PARALLEL',
  screenClaimTimeoutSeconds: 'SCREEN_CLAIM_TIMEOUT_SECONDS',
  workerSlots: 'WORKER_SLOTS',
  workerChunkSize: 'WORKER_CHUNK_SIZE',
  maxUploadMb: 'MAX_UPLOAD_MB',
  pdbArchiveUrl: 'PDB_ARCHIVE_URL',
  smtpUrl: 'SMTP_URL',
  mailFrom: 'MAIL_FROM',
  jobMailAfterMinutes: 'JOB_MAIL_AFTER_MINUTES',
  newsStreamsPerUser: 'NEWS_STREAMS_PER_USER',
  publicUrl: 'PUBLIC_URL',
  webDist: 'WEB_DIST',
  adminEmails: 'ADMIN_EMAILS',
  adminPanelUrl: 'ADMIN_PANEL_URL',
  guestPurgeIntervalMinutes: 'GUEST_PURGE_INTERVAL_MINUTES',
  rateLimitLoginPerMinute: 'RATE_LIMIT_LOGIN_PER_MINUTE',
  rateLimitGuestPerHour: 'RATE_LIMIT_GUEST_PER_HOUR',
  rateLimitCodesPerHour: 'RATE_LIMIT_CODES_PER_HOUR',
  trustProxy: 'TRUST_PROXY',
  logLevel: 'LOG_LEVEL',
  storageQuotaMb: 'STORAGE_QUOTA_MB',
  guestStorageQuotaMb: 'GUEST_STORAGE_QUOTA_MB',
  projectsMax: 'PROJECTS_MAX',
  guestProjectsMax: 'GUEST_PROJECTS_MAX',
  activeJobsMax: 'ACTIVE_JOBS_MAX',
  guestActiveJobsMax: 'GUEST_ACTIVE_JOBS_MAX',
  computeQuotaCoreHours: 'COMPUTE_QUOTA_CORE_HOURS',
  guestComputeQuotaCoreHours: 'GUEST_COMPUTE_QUOTA_CORE_HOURS',
  instanceCapacityCores: 'INSTANCE_CAPACITY_CORES',
  instanceActivationSeconds: 'INSTANCE_ACTIVATION_SECONDS',
  paymentProvider: 'PAYMENT_PROVIDER',
  paymentSandboxSecret: 'PAYMENT_SANDBOX_SECRET',
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const raw: Record<string, unknown> = {};
  for (const [key, name] of Object.entries(ENV_NAMES)) {
    const value = env[name];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const parsed = ConfigSchema.safeParse({ ...raw, ...overrides });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const key = issue.path[0] as keyof typeof ENV_NAMES;
      return `  ${ENV_NAMES[key] ?? String(key)}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (parsed.data.jobQueue === 'pgboss' && !parsed.data.databaseUrl)
    throw new ConfigError(
      'Invalid configuration:\n  JOB_QUEUE: pgboss keeps the queue in PostgreSQL: set DATABASE_URL',
    );
  const here = fileURLToPath(new URL('.', import.meta.url));
  return {
    ...parsed.data,
    dataDir: resolve(parsed.data.dataDir),
    // src/ (tsx) and dist/ (bundle) both sit one level below apps/server.
    webDist: resolve(parsed.data.webDist ?? resolve(here, '../../web/dist')),
    samplesDir: resolve(here, '../samples'),
  };
}

export function adminEmailSet(config: Config): Set<string> {
  return new Set(
    config.adminEmails
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** The server's public origin: PUBLIC_URL, else the origin the request came to (no trailing slash). */
export function publicOrigin(config: Config, requestOrigin: string): string {
  return (config.publicUrl ?? requestOrigin).replace(/\/+$/, '');
}

/** Where the Admin Panel item leads: ADMIN_PANEL_URL, else this server's API console. */
export function adminPanelUrl(config: Config, requestOrigin: string): string {
  return config.adminPanelUrl ?? `${publicOrigin(config, requestOrigin)}/admin`;
}
