import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/** A call to the database's thread. */
export type ThreadRequest =
  | { id: number; op: 'query'; sql: string; params?: unknown[]; options?: QueryOptions; tx?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin'; tx?: undefined }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close'; tx?: undefined }
  | { id: number; op: 'reopen'; tx?: undefined };

/** Its answer (id 0: the database is open). */
export type ThreadError = { message: string; name?: string; fields: Record<string, string | number | boolean> };
export type ThreadReply = { id: number; ok: true; value?: unknown } | { id: number; ok: false; error: ThreadError };

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/** What Kysely's PGlite driver, pg-boss's adapter and the swap (pglite-swap.ts) use of a PGlite. */
export type ThreadedPGlite = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'close' | 'closed' | 'ready' | 'waitReady'> & {
  /**
   * Closes the instance and opens its data folder again in the same thread, then collects that
   * thread's garbage: what a bulk load left resident goes back (pglite-swap.ts). The caller makes sure
   * nothing runs meanwhile.
   */
  reopen(): Promise<void>;
};

/**
 * The embedded database in a thread of its own (decision 0033). PGlite is PostgreSQL compiled to
 * WebAssembly and runs wherever it is called: in the server's thread, every statement (a cold page's
 * reads, a fan-out's hundred thousand rows, a bulk load) held every request behind it. Here the
 * server's thread sends each statement to a worker that holds the instance and goes on with other
 * requests until the answer arrives, as it does with PostgreSQL's processes. The semantics are
 * PGlite's: one connection, statements in turn, a transaction holding the instance until it ends.
 */
export async function openPGliteThread(options: { dataDir?: string | undefined; template?: Blob | undefined }): Promise<ThreadedPGlite> {
  const worker = new Worker(new URL('./pglite-thread.worker.mjs', import.meta.url), {
    workerData: { dataDir: options.dataDir, template: options.template },
  });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let closed = false;
  let failure: Error | undefined;

  const fail = (error: Error) => {
    failure ??= error;
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  const opened = new Promise<void>((resolve, reject) => {
    pending.set(0, { resolve: () => resolve(), reject });
  });
  worker.on('message', (reply: ThreadReply) => {
    const p = pending.get(reply.id);
    if (!p) return;
    pending.delete(reply.id);
    // Held open only while an answer is awaited: an idle database keeps no process alive, as in-thread.
    if (pending.size === 0) worker.unref();
    if (reply.ok) p.resolve(reply.value);
    else p.reject(Object.assign(new Error(reply.error.message), reply.error.name && { name: reply.error.name }, reply.error.fields));
  });
  worker.on('error', (error) => fail(error instanceof Error ? error : new Error(String(error))));
  worker.on('exit', (code) => {
    closed = true;
    fail(new Error(`the embedded database's thread stopped (exit code ${code})`));
  });
  await opened;

  function call<T>(request: ThreadRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never): Promise<T> {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  }

  const query = <T>(tx: number | undefined, sql: string, params?: unknown[], queryOptions?: QueryOptions) =>
    call<Results<T>>({
      op: 'query',
      sql,
      ...(params && { params }),
      ...(queryOptions && { options: queryOptions }),
      ...(tx !== undefined && { tx }),
    });
  const exec = (tx: number | undefined, sql: string) => call<Results[]>({ op: 'exec', sql, ...(tx !== undefined && { tx }) });

  const pglite = {
    get closed() {
      return closed;
    },
    get ready() {
      return !closed;
    },
    waitReady: Promise.resolve(),
    query: <T>(sql: string, params?: unknown[], queryOptions?: QueryOptions) => query<T>(undefined, sql, params, queryOptions),
    exec: (sql: string) => exec(undefined, sql),
    async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
      const id = await call<number>({ op: 'begin' });
      let ended = false;
      const end = async (commit: boolean) => {
        if (ended) return;
        ended = true;
        await call({ op: 'end', tx: id, commit });
      };
      const tx = {
        query: <R>(sql: string, params?: unknown[], queryOptions?: QueryOptions) => query<R>(id, sql, params, queryOptions),
        exec: (sql: string) => exec(id, sql),
        rollback: () => end(false),
        get closed() {
          return ended;
        },
      } as unknown as Transaction;
      let result: T;
      try {
        result = await callback(tx);
      } catch (error) {
        await end(false).catch(() => {});
        throw error;
      }
      await end(true);
      return result;
    },
    async reopen() {
      await call({ op: 'reopen' });
    },
    async close() {
      if (closed) return;
      try {
        await call({ op: 'close' });
      } finally {
        closed = true;
        await worker.terminate();
      }
    },
  };
  return pglite as unknown as ThreadedPGlite;
}
