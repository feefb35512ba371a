import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * Browser journeys: the system Chromium (playwright-core) against the built app served by the API
 * process that global-setup.ts starts. Run from the repo root: `npm run test:e2e`.
 */
export default defineConfig({
  test: {
    root: repoRoot,
    include: ['apps/web/e2e/**/*.e2e.ts'],
    globalSetup: ['apps/web/e2e/global-setup.ts'],
    // One server, one browser at a time: files run one after another in a single fork.
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
