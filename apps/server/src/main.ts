import { availableParallelism } from 'node:os';
import { buildApp } from './app';
import { pythonModules } from './chem/python';
import { type Config, ConfigError, loadConfig } from './config';
import { type Db, migrateToLatest, openDatabase } from './db/database';
import { MINUTE } from './lib/clock';
import { ScreeningRepository } from './modules/docking/screening/screening.repository';
import { ScreeningWorker } from './modules/docking/screening/screening-worker';
import { toolInstall, toolList, toolTest } from './modules/tools/tool-admin';
import { createStorage } from './storage/create-storage';

/** CLI entry: `serve` (API + web + housekeeping) | `migrate` | the admin's tool commands (tool-admin.ts). */
async function main(command: string | undefined): Promise<void> {
  const config = loadConfig();
  const db = openDatabase(config);
  if (command === 'migrate') {
    const applied = await migrateToLatest(db);
    console.log(applied.length ? `migrations applied: ${applied.join(', ')}` : 'database is up to date');
    await db.destroy();
    return;
  }
  if (command === 'tool-list' || command === 'tool-test' || command === 'tool-install') {
    const print = (line: string) => console.log(line);
    const args = process.argv.slice(3);
    process.exitCode =
      command === 'tool-list'
        ? await toolList(config, print)
        : command === 'tool-test'
          ? await toolTest(config, args, print)
          : await toolInstall(config, args[0] ?? '.', print);
    await db.destroy();
    return;
  }
  if (command === 'worker') {
    // `worker --job <id>`: that screen only, ending when it has nothing left (a Slurm array task).
    const at = process.argv.indexOf('--job');
    const job = at > 0 ? Number(process.argv[at + 1]) : undefined;
    if (job !== undefined && !(Number.isInteger(job) && job > 0)) {
      console.error('usage: medx worker [--job <screening job id>]');
      process.exitCode = 2;
      await db.destroy();
      return;
    }
    await runWorker(config, db, job);
    return;
  }
  if (command !== 'serve') {
    console.error('usage: medx <serve|migrate|worker|tool-list|tool-test <id...|--all>|tool-install <folder>>');
    process.exitCode = 2;
    await db.destroy();
    return;
  }
  // Serving a database an older binary migrated is common after an upgrade: migrate first.
  await migrateToLatest(db);
  // Our Python programs are found and hashed once, now: a missing dist/python stops the
  // start with its reason instead of failing the first job that needs it.
  pythonModules();
  const app = await buildApp({ config, db });
  const housekeeping = async () => {
    try {
      await app.services.guestPurge.purgeExpired();
      await app.services.sessions.deleteExpired();
      await app.services.codes.deleteExpired();
      await app.services.users.forgetLoginFailures();
      await app.services.uploads.sweepStale();
    } catch (err) {
      app.http.log.error({ err }, 'housekeeping failed');
    }
  };
  void housekeeping();
  // Jobs a crash or restart interrupted are run again or failed, never silently lost.
  await app.jobs.runner.recover();
  app.jobs.runner.start();
  const timer = setInterval(housekeeping, config.guestPurgeIntervalMinutes * MINUTE);
  timer.unref();

  const shutdown = async () => {
    clearInterval(timer);
    await app.http.close();
    await app.jobs.runner.stop();
    await app.jobs.queue.close?.();
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await app.http.listen({ port: config.port, host: config.host });
}

/**
 * `medx worker`: docks chunks of screens (SCREEN_CHUNKS=workers on the server) until
 * SIGTERM or SIGINT; the same DATABASE_URL and STORAGE_URL as the server (docs/deploy.md).
 */
async function runWorker(config: Config, db: Db, job?: number): Promise<void> {
  pythonModules();
  const worker = new ScreeningWorker({
    screening: new ScreeningRepository(db.kysely, db.dialect),
    storage: createStorage(config),
    slots: config.workerSlots ?? availableParallelism(),
    chunkSize: config.workerChunkSize,
    claimTimeoutMs: config.screenClaimTimeoutSeconds * 1000,
    log: (line) => console.log(line),
    job,
  });
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  process.once('SIGTERM', () => controller.abort());
  await worker.run(controller.signal);
  await db.destroy();
}

main(process.argv[2]).catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
