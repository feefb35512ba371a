import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_TTL_MS } from '@beesang/contract';
import { AppError } from '../lib/errors.ts';
import type { Db } from './database.ts';
import { unitOfWork } from './unit-of-work.ts';

export interface IdempotencyScope {
  userId: number;
  /** The operation, e.g. 'POST /api/trade/sell'. */
  route: string;
  /** The client's Idempotency-Key header, if it sent one. */
  key: string | undefined;
  /** The validated request body: a reused key with a different body is refused. */
  request: unknown;
  now: Date;
}

const KEY_PATTERN = /^[\x21-\x7e]+$/;

/** The header's value, checked: 1–100 visible ASCII characters (IETF Idempotency-Key draft). */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || value.length > IDEMPOTENCY_KEY_MAX || !KEY_PATTERN.test(value))
    throw new AppError(400, 'idempotencyKeyInvalid', 'IDEMPOTENCY_KEY_INVALID');
  return value;
}

function hashOf(request: unknown): string {
  return createHash('sha256').update(JSON.stringify(request)).digest('hex');
}

/**
 * Runs `work` in one transaction together with claiming the key. A retry with the same key gets
 * the first answer back instead of a second row: the claim is a primary-key insert, so a retry
 * that arrives while the first is still running waits for it and then reads its answer. A failed
 * first attempt rolls its claim back, so the retry runs again. Keys live 24 hours.
 */
export async function idempotent<T>(db: Db, scope: IdempotencyScope, work: (tx: Db) => Promise<T>): Promise<T> {
  const { userId, route, key, now } = scope;
  if (key === undefined) return unitOfWork(db, (tx) => work(tx));
  const requestHash = hashOf(scope.request);
  return unitOfWork(db, async (tx) => {
    await tx
      .deleteFrom('idempotency_keys')
      .where('user_id', '=', userId)
      .where('route', '=', route)
      .where('key', '=', key)
      .where('created_at', '<', new Date(now.getTime() - IDEMPOTENCY_TTL_MS))
      .execute();
    const claimed = await tx
      .insertInto('idempotency_keys')
      .values({ user_id: userId, route, key, request_hash: requestHash, status_code: null, response_body: null, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'route', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!claimed) {
      const first = await tx
        .selectFrom('idempotency_keys')
        .select(['request_hash', 'status_code', 'response_body'])
        .where('user_id', '=', userId)
        .where('route', '=', route)
        .where('key', '=', key)
        .executeTakeFirst();
      if (!first || first.status_code === null || first.response_body === null)
        throw new AppError(409, 'idempotencyInFlight', 'IDEMPOTENCY_IN_FLIGHT');
      if (first.request_hash !== requestHash) throw new AppError(422, 'idempotencyKeyReused', 'IDEMPOTENCY_KEY_REUSED');
      return JSON.parse(first.response_body) as T;
    }
    const result = await work(tx);
    await tx
      .updateTable('idempotency_keys')
      .set({ status_code: 200, response_body: JSON.stringify(result) })
      .where('user_id', '=', userId)
      .where('route', '=', route)
      .where('key', '=', key)
      .execute();
    return result;
  });
}

/** Housekeeping: forgets keys past their 24 hours. */
export async function purgeIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const r = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', new Date(now.getTime() - IDEMPOTENCY_TTL_MS))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
