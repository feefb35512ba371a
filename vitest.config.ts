import { configDefaults, defineConfig } from 'vitest/config';

// Tests that need a PostgreSQL server of their own (two processes on one database) run only in the
// PostgreSQL pass (TEST_DATABASE_URL, as .ci/run sets it), not in the embedded-database `npm test`.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      { test: { name: 'tools', include: ['scripts/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          exclude: onPostgres ? configDefaults.exclude : [...configDefaults.exclude, 'apps/api/src/**/*.pg.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        extends: './apps/web/vitest.config.ts',
        test: { name: 'web', root: './apps/web', include: ['app/**/*.test.tsx', 'app/**/*.test.ts'] },
      },
    ],
  },
});
