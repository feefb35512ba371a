import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  future: {
    // `npm run dev`: Vite scans every route module for dependencies before the first page, instead
    // of finding some (zod, the router's own helpers) while a page loads and then reloading it. That
    // reload could be sent before the browser's hot-reload socket was open, leaving the first page
    // unhydrated (seen in CI: start-modes.e2e).
    unstable_optimizeDeps: true,
  },
} satisfies Config;
