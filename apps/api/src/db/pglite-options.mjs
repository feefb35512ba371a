import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';

/**
 * PGlite is PostgreSQL compiled to WebAssembly. V8 first compiles it with its baseline compiler
 * and then recompiles hot functions with its optimizing one: on a server that recompilation keeps
 * 60–130 MB more resident (measured: RSS 157 → 331 MB after one scan of the bars) for queries
 * that ran within the noise of the baseline's speed. The flags are read when a module compiles, so
 * they are set before the first PGlite starts (decision 0013).
 */
function keepWasmBaseline() {
  v8.setFlagsFromString('--no-wasm-tier-up');
  v8.setFlagsFromString('--no-wasm-dynamic-tiering');
}

/**
 * How the embedded database starts. shared_buffers, PostgreSQL's own page cache, lives in the WASM
 * heap and is resident once touched: 128 MB by default, where 16 MB holds the hot pages of the
 * demo's reads that are not cached above the database, and the operating system caches the files
 * behind it (decision 0013).
 *
 * Plain JavaScript: the embedded database's thread (pglite-thread.worker.mjs) imports it, and a
 * TypeScript file there would load Node's type stripper into that thread too (some 10 MB resident).
 */
/** @returns {import('@electric-sql/pglite').PGliteOptions} */
export function pgliteOptions() {
  keepWasmBaseline();
  return {
    parsers: { 1082: (/** @type {string} */ v) => v },
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  };
}
