import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      { test: { name: 'tools', include: ['scripts/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
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
