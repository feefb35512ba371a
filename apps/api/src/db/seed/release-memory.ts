import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | undefined;

/**
 * One full garbage collection after bulk work (a first start's seeding, the background fill of
 * the demo bars): its garbage (CSV text, the unpacked template, a grown JS heap, hundreds of MB)
 * then goes back to the system at once instead of waiting for allocation pressure, which an idle
 * server never has (decision 0013). V8 offers no API for this; exposing `gc` to a fresh context is
 * Node's documented way to reach it at run time.
 */
export function releaseMemory(): void {
  if (!gc) {
    v8.setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}
