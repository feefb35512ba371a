import { pgliteTemplate, pgliteTemplatePath } from './first-start.ts';

/** Makes the empty-database template (first-start.ts) ahead of a first start, e.g. right after a build. */
await pgliteTemplate();
if (!process.argv.includes('--quiet')) console.log(`PGlite template: ${pgliteTemplatePath()}`);
