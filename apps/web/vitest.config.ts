import { defineConfig } from 'vitest/config';

/** Component tests: React in happy-dom, no React Router plugin; app/test/setup.ts cleans up after each test. */
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic' } },
  test: { environment: 'happy-dom', setupFiles: ['./app/test/setup.ts'] },
});
