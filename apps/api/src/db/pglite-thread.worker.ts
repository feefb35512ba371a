/**
 * The embedded database's own thread (pglite-thread.ts, decision 0033): this worker holds the PGlite
 * instance and runs what the server's thread asks, one message per call. A transaction stays open
 * here, holding PGlite's lock, until the server's thread ends it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pgliteOptions } from './database.ts';
import type { ThreadError, ThreadReply, ThreadRequest } from './pglite-thread.ts';

const port = parentPort;
if (!port) throw new Error('pglite-thread.worker.ts runs as a worker thread');
const { dataDir, template } = workerData as { dataDir?: string; template?: Blob };

/** A rollback the server's thread asked for: thrown inside PGlite's transaction, not an error to report. */
const ROLLBACK = Symbol('rollback');

/** A PostgreSQL error as plain fields (the structured clone keeps an Error's message, not its `code` or `constraint`). */
function plain(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(error))
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  return { message: error.message, name: error.name, fields };
}

let pglite: PGlite;
try {
  pglite = new PGlite(dataDir ?? 'memory://', { ...pgliteOptions(), ...(template && { loadDataDir: template }) });
  await pglite.waitReady;
  port.postMessage({ id: 0, ok: true } satisfies ThreadReply);
} catch (error) {
  port.postMessage({ id: 0, ok: false, error: plain(error) } satisfies ThreadReply);
  process.exit(1);
}

const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void; done: Promise<void> }>();
let nextTx = 1;

function begin(reply: (value: unknown) => void): Promise<void> {
  const id = nextTx++;
  let end: (commit: boolean) => void = () => {};
  const decided = new Promise<boolean>((resolve) => {
    end = resolve;
  });
  const done = pglite
    .transaction(async (tx) => {
      open.set(id, { tx, end, done });
      reply(id);
      if (!(await decided)) throw ROLLBACK;
    })
    .then(
      () => {},
      (error: unknown) => {
        if (error !== ROLLBACK) throw error;
      },
    );
  // An error before the callback ran (PGlite closed) is the begin's own answer.
  return done;
}

async function run(request: ThreadRequest): Promise<unknown> {
  const on = request.tx === undefined ? pglite : open.get(request.tx)?.tx;
  switch (request.op) {
    case 'query':
      if (!on) throw new Error(`transaction ${request.tx} is not open`);
      return on.query(request.sql, request.params, request.options);
    case 'exec':
      if (!on) throw new Error(`transaction ${request.tx} is not open`);
      return on.exec(request.sql);
    case 'end': {
      const tx = open.get(request.tx as number);
      if (!tx) throw new Error(`transaction ${request.tx} is not open`);
      open.delete(request.tx as number);
      tx.end(request.commit === true);
      return tx.done;
    }
    case 'close':
      await pglite.close();
      return undefined;
    default:
      throw new Error(`unknown operation ${(request as { op: string }).op}`);
  }
}

port.on('message', (request: ThreadRequest) => {
  const answer = (reply: ThreadReply) => port.postMessage(reply);
  if (request.op === 'begin') {
    let begun = false;
    begin((tx) => {
      begun = true;
      answer({ id: request.id, ok: true, value: tx });
    }).catch((error: unknown) => {
      // A failure after the callback began is the end's to report (it awaits `done`).
      if (!begun) answer({ id: request.id, ok: false, error: plain(error) });
    });
    return;
  }
  run(request).then(
    (value) => answer({ id: request.id, ok: true, value }),
    (error: unknown) => answer({ id: request.id, ok: false, error: plain(error) }),
  );
});
