import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MessageKey } from '@medx/contract';
import type { FastifyBaseLogger } from 'fastify';
import { expect } from 'vitest';
import { type Config, loadConfig } from '../../src/config';
import { type Db, migrateToLatest, openDatabase } from '../../src/db/database';
import type { Database, FileRow } from '../../src/db/schema';
import { AppError } from '../../src/http/app-error';
import type { JobRegistry } from '../../src/jobs/job-context';
import { ManualClock } from '../../src/lib/clock';
import type { CodeDelivery, OutgoingCode } from '../../src/lib/mailer';
import type { JobWithNames } from '../../src/modules/jobs/jobs.repository';
import { buildServices, type Services } from '../../src/services';
import type { ObjectStorage } from '../../src/storage/object-storage';
import {
  type BuiltProject,
  type BuiltUser,
  buildFile,
  buildJob,
  buildProject,
  buildUser,
  type FileOptions,
  type JobOptions,
  MEDIUM_ADMIN_EMAILS,
  type ProjectOptions,
  type UserOptions,
} from './factories';
import { freshDatabase } from './test-app';
import { TEST_JOB_TYPES } from './test-job-types';

/**
 * The medium test tier: the platform's real services and repositories on a real
 * database (a SQLite file, or a new PostgreSQL database when MEDX_TEST_PG_URL is set)
 * and real local storage, built by the same buildServices() as the server, without
 * Fastify. Time is a ManualClock; the job queue and runner are built but not started
 * (a test that wants queued ids starts the queue itself). Rows come from the factories.
 *
 *   const m = await createMediumContext();
 *   const project = await m.buildProject({ share: { type: 'READ_ONLY', members: [await m.buildUser()] } });
 *   const reader = project.members[0]!;
 *   await expectAppError(m.projects.access.require(reader.auth, project.id, 'write'), 403, 'readOnlyProject');
 */
export interface MediumContext extends Services {
  db: Db;
  config: Config;
  clock: ManualClock;
  /** Everything the services logged (level, message, fields), in order. */
  logs: LogEntry[];
  /** Verification codes the services sent, newest last. */
  sentCodes: OutgoingCode[];
  buildUser(options?: UserOptions): Promise<BuiltUser>;
  buildProject(options?: ProjectOptions): Promise<BuiltProject>;
  buildFile(project: BuiltProject, options?: FileOptions): Promise<FileRow>;
  buildJob(project: BuiltProject, options?: JobOptions): Promise<JobWithNames>;
  /** Rows of a table (counts for "nothing was written" checks). */
  count(table: keyof Database): Promise<number>;
  close(): Promise<void>;
}

export interface LogEntry {
  level: string;
  msg: string | undefined;
  fields: unknown;
}

/** The day the medium clock starts on; tests move it with clock.advance(). */
export const MEDIUM_START = new Date('2026-01-15T08:00:00.000Z');

export async function createMediumContext(
  options: { config?: Partial<Config>; storage?: ObjectStorage; jobTypes?: JobRegistry } = {},
): Promise<MediumContext> {
  const dataDir = mkdtempSync(join(tmpdir(), 'medx-medium-'));
  const database = await freshDatabase();
  let db: Db | undefined;
  try {
    const config = loadConfig(
      {},
      {
        dataDir,
        databaseUrl: database.url,
        logLevel: 'silent',
        adminEmails: MEDIUM_ADMIN_EMAILS.join(','),
        ...options.config,
      },
    );
    db = openDatabase(config);
    await migrateToLatest(db);
    const clock = new ManualClock(MEDIUM_START);
    const logs: LogEntry[] = [];
    const sentCodes: OutgoingCode[] = [];
    const delivery: CodeDelivery = { send: async (message) => void sentCodes.push(message) };
    const services = buildServices({
      config,
      db,
      clock,
      log: recordingLogger(logs),
      delivery,
      storage: options.storage,
      extraJobTypes: options.jobTypes ?? TEST_JOB_TYPES,
    });
    const openDb = db;
    const context: MediumContext = {
      ...services,
      db: openDb,
      config,
      clock,
      logs,
      sentCodes,
      buildUser: (o) => buildUser(context, o),
      buildProject: (o) => buildProject(context, o),
      buildFile: (project, o) => buildFile(context, project, o),
      buildJob: (project, o) => buildJob(context, project, o),
      async count(table) {
        const row = await openDb.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow();
        return Number(row.n);
      },
      async close() {
        await services.jobs.runner.stop();
        await openDb.destroy();
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
    return context;
  } catch (err) {
    await db?.destroy();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/** A logger with Fastify's (pino's) shape that keeps what it is told, for tests to read. */
export function recordingLogger(entries: LogEntry[]): FastifyBaseLogger {
  const at =
    (level: string) =>
    (first?: unknown, second?: unknown): void => {
      if (typeof first === 'string') entries.push({ level, msg: first, fields: undefined });
      else entries.push({ level, msg: typeof second === 'string' ? second : undefined, fields: first });
    };
  const log = {
    level: 'info',
    fatal: at('fatal'),
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    trace: at('trace'),
    silent: () => {},
    child: () => log,
  };
  return log as unknown as FastifyBaseLogger;
}

/** Awaits a service call that must fail with the given AppError (status and catalogue key). */
export async function expectAppError(call: Promise<unknown>, statusCode: number, key: MessageKey): Promise<void> {
  const error = await call.then(
    (value) => new Error(`expected AppError ${statusCode} ${key}, got a result: ${JSON.stringify(value)}`),
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(AppError);
  expect({ statusCode: (error as AppError).statusCode, key: (error as AppError).key }).toEqual({ statusCode, key });
}
