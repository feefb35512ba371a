import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';

/** The only writer of price_alerts: a member's levels on a company (issue 23 §1). */
export function createPriceAlertsRepository(db: Db) {
  return {
    async list(userId: number, companyId?: number) {
      let q = db
        .selectFrom('price_alerts as a')
        .innerJoin('companies as c', 'c.id', 'a.company_id')
        .select(['a.id', 'a.company_id', 'c.name as company_name', 'a.direction', 'a.price', 'a.last_fired_at', 'a.created_at'])
        .where('a.user_id', '=', userId);
      if (companyId !== undefined) q = q.where('a.company_id', '=', companyId);
      return q.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').execute();
    },

    async count(tx: Db, userId: number): Promise<number> {
      // Locks the member's row: two adds at once cannot both pass the limit.
      await sql`select 1 from users where id = ${userId} for update`.execute(tx);
      const row = await tx
        .selectFrom('price_alerts')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insert(tx: Db, a: { userId: number; companyId: number; direction: 'ABOVE' | 'BELOW'; price: number; at: Date }) {
      const row = await tx
        .insertInto('price_alerts')
        .values({ user_id: a.userId, company_id: a.companyId, direction: a.direction, price: a.price, created_at: a.at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async remove(userId: number, id: number): Promise<boolean> {
      const r = await db.deleteFrom('price_alerts').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    },

    /**
     * The alerts a price move from `previous` to `price` crosses and that have not fired today, by id:
     * one range scan of the company's (direction, price) index, so a fan-out then fires them by id a
     * slice at a time instead of searching the company's alerts again for every slice.
     */
    async crossing(m: { companyId: number; previous: number; price: number; day: string }): Promise<number[]> {
      const up = m.price > m.previous;
      const rows = await db
        .selectFrom('price_alerts')
        .select('id')
        .where('company_id', '=', m.companyId)
        .where('direction', '=', up ? 'ABOVE' : 'BELOW')
        .where('price', up ? '>' : '<', m.previous)
        .where('price', up ? '<=' : '>=', m.price)
        .where((eb) => eb.or([eb('last_fired_day', 'is', null), eb('last_fired_day', '<>', sql<string>`${m.day}::date`)]))
        .orderBy('id')
        .execute();
      return rows.map((r) => Number(r.id));
    },

    /**
     * Fires the alerts `ids` that have not fired today (none twice, whoever else is firing: rows
     * another transaction holds are skipped) and writes each one's notification, in one statement.
     */
    async fire(tx: Db, m: { companyId: number; price: number; day: string; at: Date; ids: number[] }): Promise<FiredRow[]> {
      if (m.ids.length === 0) return [];
      const company = await sql<{ name: string }>`select name from companies where id = ${m.companyId}`.execute(tx);
      const companyName = company.rows[0]?.name ?? '';
      const { rows } = await sql<FiredRow>`
        with slice as (
          select id from price_alerts
           where id = any(${sql.val(m.ids)}::bigint[])
             and (last_fired_day is null or last_fired_day <> ${m.day}::date)
           order by id
           for update skip locked
        ), fired as (
          update price_alerts a set last_fired_day = ${m.day}::date, last_fired_at = ${m.at}
            from slice where a.id = slice.id
          returning a.id, a.user_id, a.direction, a.price
        )
        insert into notifications (user_id, kind, title, body, url, dedupe_key, created_at)
        select f.user_id, 'PRICE_ALERT',
               ${companyName} || ' ' || to_char(f.price, 'FM999,999,999') || '원 ' || case f.direction when 'ABOVE' then '돌파' else '하회' end,
               ${companyName} || '의 현재가가 ' || ${m.price.toLocaleString('ko-KR')} || '원이 되어 설정한 ' || to_char(f.price, 'FM999,999,999') || '원을 '
                 || case f.direction when 'ABOVE' then '넘었어요.' else '밑돌았어요.' end,
               ${`/stock/${m.companyId}`}, 'price-alert:' || f.id || ':' || ${m.day}, ${m.at}
          from fired f
        on conflict (user_id, dedupe_key) do nothing
        returning id, user_id`.execute(tx);
      return rows;
    },
  };
}
/** A notification a fired alert wrote: its id and member (the rest is read only when a few are told one by one). */
export type FiredRow = { id: number | string; user_id: number };
export type PriceAlertsRepository = ReturnType<typeof createPriceAlertsRepository>;
