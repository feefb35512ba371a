import { randomBytes } from 'node:crypto';
import type { Db } from './database.ts';

/**
 * The signing secret when AUTH_SECRET is not set: generated once and kept in app_meta, so every
 * instance on the same database agrees. Fine for the embedded single-machine setup; production
 * sets AUTH_SECRET so that the key lives outside the database.
 */
export async function storedAuthSecret(db: Db): Promise<string> {
  const existing = await db.selectFrom('app_meta').select('value').where('key', '=', 'auth_secret').executeTakeFirst();
  if (existing) return existing.value;
  await db
    .insertInto('app_meta')
    .values({ key: 'auth_secret', value: randomBytes(48).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', 'auth_secret').executeTakeFirstOrThrow();
  return row.value;
}
