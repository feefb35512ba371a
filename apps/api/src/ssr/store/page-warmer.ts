import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PageStore } from './page-store.ts';

export interface PageWarmerOptions {
  /** The pages kept rendered in the store: every company's (the sitemap's). */
  paths: () => Promise<string[]>;
  /** The page cache's key of a visitor's `path`. */
  keyOf: (path: string) => string;
  store: Pick<PageStore, 'missing' | 'purge'>;
  /** Renders `path` into the store; whether it was kept there. */
  fill: (path: string) => Promise<boolean>;
  /** Between passes over every page. */
  everyMs: number;
  /** A page the store keeps less than this long any more is rendered again. */
  aheadMs: number;
  /** How long after a drop the dropped pages are rendered again, at most (a random share: instances seldom collide). */
  jitterMs: number;
  log: { info(fields: object, message: string): void; warn(fields: object, message: string): void };
  /** After a pass, with how many pages it rendered (the server returns a big pass's garbage to the system). */
  afterPass?: (rendered: number) => void;
}

/** Shuffled in place: instances walking the same missing pages start at different ones. */
function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/** What the warmer logs after a pass over every page (the bench waits for it). */
export const WARMED = 'every company page rendered ahead into the shared store';

/** How many pages are checked against the store at a time (another instance may have rendered them meanwhile). */
const BATCH = 16;

/**
 * Keeps every company's page rendered in the shared store (decision 0034), so that a visitor's
 * request, a crawler's walk of the sitemap included, finds it rendered whichever instance it
 * reaches: a pass over the pages the store lacks (or keeps for less than `aheadMs`) after start and
 * every `everyMs`, and the pages a write dropped within `jitterMs`.
 *
 * A background task on the thread that serves requests: after each render it waits as long as the
 * render took, so it takes at most half the thread; and it renders one page at a time.
 */
export function createPageWarmer(options: PageWarmerOptions) {
  const { keyOf, store, fill, log } = options;
  let stopped = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let soonTimer: NodeJS.Timeout | undefined;
  const dropped = new Set<string>();
  let everything = false;

  // Pages a render could not keep (one that changes within seconds, an error): not rendered again
  // by the passes for a while, unless a write drops them. Without this, every pass would render them.
  const unkept = new Map<string, number>();
  const UNKEPT_MS = 10 * options.everyMs;

  /** Renders those of `paths` the store lacks; how many it kept. */
  async function render(paths: string[]): Promise<number> {
    let kept = 0;
    const now = performance.now();
    for (const [path, at] of unkept) if (now - at >= UNKEPT_MS) unkept.delete(path);
    const order = shuffle(paths.filter((path) => !unkept.has(path)));
    for (let at = 0; at < order.length && !stopped; at += BATCH) {
      const batch = order.slice(at, at + BATCH);
      const lacking = new Set(await store.missing(batch.map(keyOf), options.aheadMs));
      for (const path of batch) {
        if (stopped) break;
        if (!lacking.has(keyOf(path))) continue;
        const began = performance.now();
        try {
          if (await fill(path)) kept++;
          else unkept.set(path, performance.now());
        } catch (error) {
          unkept.set(path, performance.now());
          log.warn({ err: error }, 'page not rendered ahead; a visitor renders it');
        }
        // At most half of the thread: as long again as the render took.
        await sleep(Math.max(1, performance.now() - began));
      }
    }
    return kept;
  }

  let passes = 0;
  async function pass(): Promise<number> {
    const began = performance.now();
    const all = everything;
    const paths = all ? await options.paths() : [...dropped];
    everything = false;
    dropped.clear();
    const kept = await render(paths);
    const ms = Math.round(performance.now() - began);
    // The first pass over every page always says so (a deployment's warming is over), later ones when they rendered.
    const finished = all && !stopped;
    const first = finished && passes++ === 0;
    if (finished && (kept > 0 || first)) log.info({ pages: paths.length, rendered: kept, ms }, WARMED);
    else if (kept > 0) log.info({ rendered: kept, ms }, 'pages a write dropped rendered again into the shared store');
    options.afterPass?.(kept);
    return kept;
  }

  /** One pass at a time; what is asked meanwhile runs after it. */
  function run(all: boolean): Promise<void> {
    if (all) everything = true;
    const next = (running ?? Promise.resolve()).then(async () => {
      if (stopped || (!everything && dropped.size === 0)) return;
      try {
        // Expired pages go in the passes over every page only: not once more for every write's drop.
        if (everything) await store.purge();
        await pass();
      } catch (error) {
        log.warn({ err: error }, 'pages not rendered ahead; the next pass tries again');
      }
    });
    running = next.finally(() => {
      if (running === next) running = undefined;
    });
    return next;
  }

  return {
    /** A pass over every page now (tests; the timer's). */
    passAll: () => run(true),
    /** Starts the passes: the first after `firstMs`. */
    start(firstMs: number) {
      timer = setTimeout(function tick() {
        void run(true).finally(() => {
          if (!stopped) timer = setTimeout(tick, options.everyMs).unref();
        });
      }, firstMs).unref();
    },
    /** A write dropped `path`'s page (undefined: every page): rendered again soon. */
    dropped(path: string | undefined) {
      if (stopped) return;
      if (path === undefined) {
        everything = true;
        unkept.clear();
      } else {
        dropped.add(path);
        unkept.delete(path);
      }
      soonTimer ??= setTimeout(() => {
        soonTimer = undefined;
        void run(false);
      }, Math.random() * options.jitterMs).unref();
    },
    /** Stops the passes; resolves once the page being rendered is done. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(soonTimer);
      await running;
    },
  };
}

export type PageWarmer = ReturnType<typeof createPageWarmer>;
