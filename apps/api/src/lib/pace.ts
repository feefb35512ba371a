import { performance } from 'node:perf_hooks';

/**
 * Background work that shares the server's thread with requests (a fan-out's slices, its
 * deliveries; on the embedded database every statement runs in this thread): after a step that
 * started at `startedAt`, the thread is given back for as long as the step held it, up to `capMs`,
 * so that the work takes at most about half of it while members' requests wait behind it no longer
 * than one step. Returns how long the step took (ms).
 */
export async function giveBack(startedAt: number, capMs = 20): Promise<number> {
  const took = Math.max(0, performance.now() - startedAt);
  await new Promise((resolve) => setTimeout(resolve, Math.min(took, capMs)));
  return took;
}
