import type { PGliteOptions } from '@electric-sql/pglite';

/** How the embedded database starts (pglite-options.mjs; decision 0013). */
export declare function pgliteOptions(): PGliteOptions;
