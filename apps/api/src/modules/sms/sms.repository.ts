import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

const count = (n: { n: number | string } | undefined) => Number(n?.n ?? 0);

/** SMS codes, wrong guesses, tickets and the dev outbox: all in the database so instances share them. */
export function createSmsRepository(db: Db) {
  return {
    ...smsQueries(db),
    /** Runs `work` holding a per-phone lock, so two sends or two checks for one phone take turns. */
    async withPhoneLock<T>(phoneHash: string, work: (tx: SmsQueries) => Promise<T>): Promise<T> {
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext(${phoneHash}))`.execute(trx);
        return work(smsQueries(trx));
      });
    },
  };
}

function smsQueries(db: Db) {
  return {
    async lastSentAt(phoneHash: string): Promise<Date | null> {
      const row = await db
        .selectFrom('sms_codes')
        .select('created_at')
        .where('phone_hash', '=', phoneHash)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.created_at ?? null;
    },

    async countSentSince(column: 'phone_hash' | 'ip' | null, value: string, since: Date): Promise<number> {
      let q = db.selectFrom('sms_codes').select(sql<number>`count(*)::int`.as('n')).where('created_at', '>=', since);
      if (column) q = q.where(column, '=', value);
      return count(await q.executeTakeFirst());
    },

    /** Stores a new code and kills the phone's earlier ones. */
    async insertCode(row: { phoneHash: string; codeHash: string; ip: string; at: Date; expiresAt: Date }) {
      await db
        .updateTable('sms_codes')
        .set({ superseded_at: row.at })
        .where('phone_hash', '=', row.phoneHash)
        .where('superseded_at', 'is', null)
        .where('used_at', 'is', null)
        .execute();
      await db
        .insertInto('sms_codes')
        .values({ phone_hash: row.phoneHash, code_hash: row.codeHash, ip: row.ip, created_at: row.at, expires_at: row.expiresAt })
        .execute();
    },

    async deleteCode(phoneHash: string, codeHash: string) {
      await db.deleteFrom('sms_codes').where('phone_hash', '=', phoneHash).where('code_hash', '=', codeHash).execute();
    },

    async liveCode(phoneHash: string) {
      return db
        .selectFrom('sms_codes')
        .select(['id', 'code_hash', 'expires_at'])
        .where('phone_hash', '=', phoneHash)
        .where('used_at', 'is', null)
        .where('superseded_at', 'is', null)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** Marks a code used; false when another request used it first. */
    async useCode(id: number | string, at: Date): Promise<boolean> {
      const res = await db
        .updateTable('sms_codes')
        .set({ used_at: at })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async addFailure(phoneHash: string, at: Date) {
      await db.insertInto('sms_failures').values({ phone_hash: phoneHash, at }).execute();
    },

    async failuresSince(phoneHash: string, since: Date): Promise<number> {
      return count(
        await db
          .selectFrom('sms_failures')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('phone_hash', '=', phoneHash)
          .where('at', '>=', since)
          .executeTakeFirst(),
      );
    },

    async insertTicket(row: { ticketHash: string; phoneHash: string; at: Date; expiresAt: Date }) {
      await db
        .insertInto('verification_tickets')
        .values({ ticket_hash: row.ticketHash, phone_hash: row.phoneHash, created_at: row.at, expires_at: row.expiresAt })
        .execute();
    },

    async findTicket(ticketHash: string) {
      return db
        .selectFrom('verification_tickets')
        .select(['phone_hash', 'expires_at', 'used_at'])
        .where('ticket_hash', '=', ticketHash)
        .executeTakeFirst();
    },

    /**
     * Consumes a live ticket for the phone (made at or after `since`, when given: a recent
     * verification); false when missing, expired, used, too old or for another phone.
     */
    async consumeTicket(ticketHash: string, phoneHash: string, at: Date, since?: Date): Promise<boolean> {
      let update = db
        .updateTable('verification_tickets')
        .set({ used_at: at })
        .where('ticket_hash', '=', ticketHash)
        .where('phone_hash', '=', phoneHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', at);
      if (since) update = update.where('created_at', '>=', since);
      const res = await update.executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async addToOutbox(phone: string, text: string, at: Date) {
      await db.insertInto('dev_sms_outbox').values({ phone, text, sent_at: at }).execute();
    },

    async outbox(phone: string) {
      return db
        .selectFrom('dev_sms_outbox')
        .select(['phone', 'text', 'sent_at'])
        .where('phone', '=', phone)
        .orderBy('id', 'desc')
        .limit(20)
        .execute();
    },
  };
}
type SmsQueries = ReturnType<typeof smsQueries>;
export type SmsRepository = ReturnType<typeof createSmsRepository>;
