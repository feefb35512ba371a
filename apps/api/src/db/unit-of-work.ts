import type { Db } from './database.ts';

/**
 * One transaction and what must happen once it has committed (issue 21, CONVENTIONS 14): a service
 * opens its unit of work here, and code deep inside it that changed what others see (a price, a
 * listing) asks with `afterCommit` to announce it only when the change is there to be read. An
 * announcement made before the commit would let another instance re-read and cache the old value.
 */
const pending = new WeakMap<Db, Array<() => void>>();

export async function unitOfWork<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  const after: Array<() => void> = [];
  const result = await db.transaction().execute(async (tx) => {
    pending.set(tx, after);
    try {
      return await work(tx);
    } finally {
      pending.delete(tx);
    }
  });
  for (const fn of after) fn();
  return result;
}

/**
 * Runs `fn` after the transaction `tx` commits (never, if it rolls back); right away when `tx` is the
 * database itself (each statement commits on its own). A transaction opened some other way cannot
 * say when it commits, so it is refused rather than announced too early.
 */
export function afterCommit(tx: Db, fn: () => void): void {
  const queue = pending.get(tx);
  if (queue) queue.push(fn);
  else if (!tx.isTransaction) fn();
  else throw new Error('afterCommit needs a transaction opened by unitOfWork()');
}
