import { defineConfig } from 'vitest/config';

/** Component tests: React in happy-dom, no React Router plugin. */
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic' } },
  test: { environment: 'happy-dom' },
});
