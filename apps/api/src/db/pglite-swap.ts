import type { PGlite } from '@electric-sql/pglite';

/**
 * A PGlite that can be closed and opened again under the same Kysely instance (decision 0013).
 * A WebAssembly heap only grows: after a bulk load (the first start's demo bars) PostgreSQL's
 * buffers and working memory stay resident for good. Opening the same data folder afresh
 * (a third of a second) and dropping the old instance gives that memory back. Queries that
 * arrive meanwhile wait; those running finish first.
 */
export function swappablePGlite(first: PGlite, open: (previous: PGlite) => Promise<PGlite>) {
  let current = first;
  let gate: Promise<void> | null = null;
  let running = 0;
  let drained: (() => void) | null = null;

  async function track<T>(op: (pglite: PGlite) => Promise<T>): Promise<T> {
    while (gate) await gate;
    running++;
    try {
      return await op(current);
    } finally {
      running--;
      if (running === 0) drained?.();
    }
  }

  // What Kysely's PGlite driver calls: queries and transactions go through `track`; the rest
  // (ready, closed, waitReady, close) is the current instance's.
  const pglite = new Proxy({} as PGlite, {
    get(_target, property) {
      if (property === 'query') return (...args: Parameters<PGlite['query']>) => track((p) => p.query(...args));
      if (property === 'exec') return (...args: Parameters<PGlite['exec']>) => track((p) => p.exec(...args));
      if (property === 'transaction') return (callback: Parameters<PGlite['transaction']>[0]) => track((p) => p.transaction(callback));
      const value = Reflect.get(current, property, current);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });

  return {
    pglite,
    /** Once nothing runs on the instance, `open` closes it and opens the data folder again. */
    async reopen(): Promise<void> {
      let open_: () => void = () => {};
      gate = new Promise((resolve) => {
        open_ = resolve;
      });
      try {
        if (running > 0)
          await new Promise<void>((resolve) => {
            drained = resolve;
          });
        drained = null;
        current = await open(current);
      } finally {
        gate = null;
        open_();
      }
    },
  };
}
