import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** Browser journeys in the system Chromium against the built app served by the API process. */
export default defineConfig({
  test: {
    root,
    include: ['apps/web/e2e/**/*.e2e.ts'],
    globalSetup: ['apps/web/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
