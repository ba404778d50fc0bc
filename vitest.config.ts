import { configDefaults, defineConfig } from 'vitest/config';

/**
 * One runner, five projects: `unit` (pure logic beside the code), `medium` (server
 * services with real repositories, storage and database, no HTTP), `integration`
 * (the real server through HTTP), `tools` (the built-in Galaxy tools' own <tests>, no
 * database: run once, not per database) and `web` (apps/web's own config). `medium` and
 * `integration` run on a real SQLite file, or on PostgreSQL when MEDX_TEST_PG_URL is
 * set by scripts/with-postgres.mjs; `npm test` runs both on both databases.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/contract/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          environment: 'node',
          // RDKit and the worker-pool tests start worker threads (tsx + WASM load: seconds on a loaded machine).
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'medium',
          include: ['apps/server/test/medium/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/test/**/*.test.ts'],
          exclude: [
            ...configDefaults.exclude,
            'apps/server/test/medium/**',
            'apps/server/test/catalogue/**',
            // *.pg.test.ts need PostgreSQL for their subject (workers on many machines claim
            // through it): they run in the PostgreSQL pass only.
            ...(process.env.MEDX_TEST_PG_URL ? [] : ['apps/server/test/**/*.pg.test.ts']),
          ],
          environment: 'node',
          // Chemistry programs run niced (lib/process.ts): beside another file's un-niced work
          // (a child server compiling, a docking) a sub-second 3D build has taken over 30 s in CI.
          // A time limit is not an assertion: it only bounds a hang.
          testTimeout: 120_000,
          hookTimeout: 60_000,
          // Two cores: files in parallel would mostly fight over scrypt and the database.
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'tools',
          include: ['apps/server/test/catalogue/**/*.test.ts'],
          environment: 'node',
          testTimeout: 600_000,
          // Tools use both cores themselves (GALAXY_SLOTS).
          fileParallelism: false,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
