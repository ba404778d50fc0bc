import { defineConfig } from 'vitest/config';

/**
 * One runner, three projects: `unit` (pure logic beside the code), `integration`
 * (the real server on a real SQLite file, or PostgreSQL when MEDX_TEST_PG_URL is
 * set by scripts/with-postgres.mjs) and `web` (apps/web's own config).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/contract/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores: files in parallel would mostly fight over scrypt and the database.
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
