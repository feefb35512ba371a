import webpush from 'web-push';
import type { Db } from '../../../db/database.ts';
import { storedVapidKeys } from '../../../db/secrets.ts';

/** What Web Push requests are signed with (RFC 8292): the key pair and who to contact about them. */
export interface VapidDetails {
  /** `mailto:…` or an https URL: push services contact the sender there. */
  subject: string;
  /** Uncompressed P-256 public key, base64url (65 bytes): the browser's applicationServerKey. */
  publicKey: string;
  /** Its private half, base64url (32 bytes). */
  privateKey: string;
}

/** The environment's key pair when it set one; else the pair kept in the database (made on the first start). */
export async function resolveVapid(
  db: Db,
  options: { keys?: { publicKey: string; privateKey: string } | undefined; subject: string },
): Promise<VapidDetails & { stored: boolean }> {
  if (options.keys) return { subject: options.subject, ...options.keys, stored: false };
  const keys = await storedVapidKeys(db, () => webpush.generateVAPIDKeys());
  return { subject: options.subject, ...keys, stored: true };
}
