/**
 * The embedded database's own thread (pglite-thread.ts, decision 0033): this worker holds the PGlite
 * instance and runs what the server's thread asks, one message per call (ThreadRequest, answered by
 * a ThreadReply). A transaction stays open here, holding PGlite's lock, until the server's thread
 * ends it. Plain JavaScript, so that this thread does not load Node's type stripper (some 10 MB).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pgliteOptions } from './pglite-options.mjs';
import { releaseMemory } from './seed/release-memory.mjs';

const port = parentPort;
if (!port) throw new Error('pglite-thread.worker.mjs runs as a worker thread');
/** @type {{ dataDir?: string, template?: Blob }} */
const { dataDir, template } = workerData;

/** A rollback the server's thread asked for: thrown inside PGlite's transaction, not an error to report. */
const ROLLBACK = Symbol('rollback');

/** A PostgreSQL error as plain fields (the structured clone keeps an Error's message, not its `code` or `constraint`). */
/** @param {unknown} error */
function plain(error) {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  /** @type {Record<string, string | number | boolean>} */
  const fields = {};
  for (const [key, value] of Object.entries(error))
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  return { message: error.message, name: error.name, fields };
}

/** @type {PGlite} */
let pglite;
try {
  pglite = new PGlite(dataDir ?? 'memory://', { ...pgliteOptions(), ...(template && { loadDataDir: template }) });
  await pglite.waitReady;
  port.postMessage({ id: 0, ok: true });
} catch (error) {
  port.postMessage({ id: 0, ok: false, error: plain(error) });
  process.exit(1);
}

/** @type {Map<number, { tx: import('@electric-sql/pglite').Transaction, end: (commit: boolean) => void, done: Promise<void> }>} */
const open = new Map();
let nextTx = 1;

/** @param {(value: unknown) => void} reply */
function begin(reply) {
  const id = nextTx++;
  /** @type {(commit: boolean) => void} */
  let end = () => {};
  /** @type {Promise<boolean>} */
  const decided = new Promise((resolve) => {
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
      (error) => {
        if (error !== ROLLBACK) throw error;
      },
    );
  // An error before the callback ran (PGlite closed) is the begin's own answer.
  return done;
}

/** @param {import('./pglite-thread.ts').ThreadRequest} request */
async function run(request) {
  const on = request.tx === undefined ? pglite : open.get(request.tx)?.tx;
  switch (request.op) {
    case 'query':
      if (!on) throw new Error(`transaction ${request.tx} is not open`);
      return on.query(request.sql, request.params, request.options);
    case 'exec':
      if (!on) throw new Error(`transaction ${request.tx} is not open`);
      return on.exec(request.sql);
    case 'end': {
      const tx = open.get(request.tx);
      if (!tx) throw new Error(`transaction ${request.tx} is not open`);
      open.delete(request.tx);
      tx.end(request.commit === true);
      return tx.done;
    }
    case 'close':
      await pglite.close();
      return undefined;
    case 'reopen':
      if (open.size > 0) throw new Error('the database cannot reopen inside a transaction');
      await pglite.close();
      pglite = new PGlite(dataDir ?? 'memory://', pgliteOptions());
      await pglite.waitReady;
      // The old instance's WebAssembly memory (a bulk load's) goes back at once.
      releaseMemory();
      return undefined;
    default:
      throw new Error(`unknown operation ${request.op}`);
  }
}

port.on('message', (/** @type {import('./pglite-thread.ts').ThreadRequest} */ request) => {
  const answer = (/** @type {import('./pglite-thread.ts').ThreadReply} */ reply) => port.postMessage(reply);
  if (request.op === 'begin') {
    let begun = false;
    begin((tx) => {
      begun = true;
      answer({ id: request.id, ok: true, value: tx });
    }).catch((error) => {
      // A failure after the callback began is the end's to report (it awaits `done`).
      if (!begun) answer({ id: request.id, ok: false, error: plain(error) });
    });
    return;
  }
  run(request).then(
    (value) => answer({ id: request.id, ok: true, value }),
    (error) => answer({ id: request.id, ok: false, error: plain(error) }),
  );
});
