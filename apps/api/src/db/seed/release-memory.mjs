import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

/** @type {(() => void) | undefined} */
let gc;

/**
 * One full garbage collection after bulk work (a first start's seeding, the background fill of
 * the demo bars): its garbage (CSV text, the unpacked template, a grown JS heap, hundreds of MB)
 * then goes back to the system at once instead of waiting for allocation pressure, which an idle
 * server never has (decision 0013). V8 offers no API for this; exposing `gc` to a fresh context is
 * Node's documented way to reach it at run time. Plain JavaScript: the embedded database's own
 * thread (pglite-thread.worker.mjs) calls it too, after a reopen.
 */
export function releaseMemory() {
  if (!gc) {
    v8.setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc');
  }
  gc();
}
