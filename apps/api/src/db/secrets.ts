import { randomBytes } from 'node:crypto';
import { ConfigError } from '../config/config.ts';
import { type Keyring, pepperFingerprint } from '../lib/keyring.ts';
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

/**
 * Phone numbers, codes and the DI are found by hashes keyed with the ring's oldest key (the
 * pepper): a different pepper would find no member by phone and let a phone join twice. The first
 * start records the pepper's fingerprint; a later start with another pepper, while members exist,
 * refuses with what to do instead of silently losing every phone sign-in.
 */
export async function assertPepperUnchanged(db: Db, keys: Keyring): Promise<void> {
  const fingerprint = pepperFingerprint(keys);
  await db
    .insertInto('app_meta')
    .values({ key: 'pepper_fingerprint', value: fingerprint })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', 'pepper_fingerprint').executeTakeFirstOrThrow();
  if (row.value === fingerprint) return;
  const members = await db.selectFrom('users').select('id').where('phone_hash', 'is not', null).limit(1).executeTakeFirst();
  if (!members) {
    await db.updateTable('app_meta').set({ value: fingerprint }).where('key', '=', 'pepper_fingerprint').execute();
    return;
  }
  throw new ConfigError(
    '비밀키의 마지막 항목이 바뀌었습니다: 휴대폰 번호로 회원을 찾을 수 없게 됩니다. 이전 비밀키를 AUTH_SECRETS 의 마지막 항목으로 두세요 ' +
      '(the last AUTH_SECRETS entry keys phone lookups and changed: keep the previous secret as the last entry, e.g. AUTH_SECRETS=new:<new secret>,default:<previous secret>)',
  );
}

/**
 * The VAPID key pair Web Push is signed with when VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are not set:
 * generated once (`generate`) and kept in app_meta, so every instance signs with the same pair and
 * browsers' subscriptions, made for its public half, keep working across restarts. A deployment
 * sets the keys in the environment, as it does AUTH_SECRETS.
 */
export async function storedVapidKeys(
  db: Db,
  generate: () => { publicKey: string; privateKey: string },
): Promise<{ publicKey: string; privateKey: string }> {
  const read = async () => {
    const row = await db.selectFrom('app_meta').select('value').where('key', '=', 'vapid_keys').executeTakeFirst();
    return row ? (JSON.parse(row.value) as { publicKey: string; privateKey: string }) : undefined;
  };
  const existing = await read();
  if (existing) return existing;
  // Two instances starting together each generate; the first insert wins and both read it back.
  await db
    .insertInto('app_meta')
    .values({ key: 'vapid_keys', value: JSON.stringify(generate()) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const stored = await read();
  if (!stored) throw new Error('VAPID keys were not stored');
  return stored;
}
