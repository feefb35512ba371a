import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';

/** Our components and helpers that three or more routes share: one file. */
const SHARED = /app[\\/](components|lib)[\\/]/;
/**
 * …except what only pages with a form or an upload use (sign-up, listings, the console), and what
 * only dialogs fetched on demand use (the report dialog, amount and counted text fields: 거래 제안,
 * 후기, 매물 등록): no first page needs it, so it stays out of the file every page loads (initial JS
 * budget, scripts/bench). The bundler counts a lazy dialog's chunk as a route sharing the module.
 */
const FORMS_ONLY =
  /(ui[\\/](image-upload-field|form|amount-field|counted-textarea)|lib[\\/](upload-image|idempotency-key|report-dialog)|layout[\\/]members-only)\.tsx?$/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompress()],
  // `npm run dev`: the router's own dependencies, which Vite's scan of the routes does not reach, are
  // bundled before the first page rather than found while it loads (which reloads that page).
  optimizeDeps: {
    include: [
      'react-router > @remix-run/route-pattern/match',
      'react-router > @remix-run/route-pattern/specificity',
      'react-router > cookie-es',
    ],
  },
  build: {
    assetsInlineLimit: 0,
    // Fewer, larger chunks: left alone, the bundler split the first page's JavaScript into some
    // 30 files of 1–3 KB, and a phone on HTTP/1.1 (six connections) fetches them in waves before
    // the first paint (Lighthouse mobile /stock/1: 91, first paint 2.8 s). React and the router in
    // one file, and our components and helpers that three or more routes share in another: 12
    // files, 144 KB instead of 150 KB, first paint 2.1 s, score 96–97. Route code stays per route.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
              priority: 20,
            },
            { name: 'shared', test: (id: string) => SHARED.test(id) && !FORMS_ONLY.test(id), minShareCount: 3, priority: 10 },
          ],
        },
      },
    },
  },
});
