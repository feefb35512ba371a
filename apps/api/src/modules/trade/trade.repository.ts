import { ListingStatus, ListPin, ProofCheckStatus, TradeType } from '@beesang/contract';
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';

/** The advisory-lock key of the expiry job: one instance at a time records ended listings. */
const EXPIRY_LOCK_KEY = 4_702_301;

export interface TradeRow {
  id: number | string;
  company_id: number;
  company_name: string;
  company_logo_url: string;
  user_id: number;
  trade_type: number;
  stock_count: number | string;
  /** Shares agreed in deals awaiting confirmation, and sold in confirmed ones (issue 22). */
  reserved_count: number | string;
  sold_count: number | string;
  stock_per_price: number | string;
  count_negotiable: boolean;
  price_negotiable: boolean;
  /** As of the reading instant: an open listing past its end date reads as TRADE_EXPIRED. */
  status: number;
  list_pin: number;
  proof_image_url: string;
  proof_type: string;
  proof_check_status: number;
  finished_price: number | string | null;
  created_at: Date;
  updated_at: Date;
  expires_at: Date;
  finished_at: Date | null;
  writer_nickname: string;
  writer_image: string;
  writer_expert_type: number;
  writer_expert_name: string | null;
  writer_deleted_at: Date | null;
  writer_level: number;
  writer_since: Date;
}

export interface NewTrade {
  companyId: number;
  userId: number;
  tradeType: number;
  count: number;
  price: number;
  countNegotiable: boolean;
  priceNegotiable: boolean;
  proofImageUrl: string;
  proofType: string;
  proofCheckStatus: number;
  at: Date;
  expiresAt: Date;
}

export interface TradeListFilter {
  companyId: number;
  tradeType?: number | undefined;
  status: number;
  viewerId: number | null;
  now: Date;
  page: number;
  size: number;
}

type Aliased = Database & { t: Database['trades']; c: Database['companies']; u: Database['users'] };
type TradesQuery = SelectQueryBuilder<Aliased, 't' | 'c' | 'u', object>;

function effectiveStatus(now: Date) {
  return sql<number>`case when t.status = ${ListingStatus.IN_PROGRESS} and t.expires_at <= ${now} then ${ListingStatus.TRADE_EXPIRED} else t.status end`;
}

/** Whether a listing is open at `now`: in progress and not past its end date. */
/** Pinned (상단 고정) now: TOPFIX whose end, if any, is still ahead. */
function pinnedNow(now: Date) {
  return sql<number>`case when t.list_pin = ${ListPin.TOPFIX} and (t.pin_ends_at is null or t.pin_ends_at > ${now}) then ${ListPin.TOPFIX} else ${ListPin.NORMAL} end`;
}

function isOpen(now: Date) {
  return (eb: ExpressionBuilder<Aliased, 't'>) => eb.and([eb('t.status', '=', ListingStatus.IN_PROGRESS), eb('t.expires_at', '>', now)]);
}

export function createTradeRepository(db: Db) {
  function base(exec: Db = db): TradesQuery {
    return exec
      .selectFrom('trades as t')
      .innerJoin('companies as c', 'c.id', 't.company_id')
      .innerJoin('users as u', 'u.id', 't.user_id') as unknown as TradesQuery;
  }

  function columns(q: TradesQuery, now: Date) {
    return q.select([
      't.id',
      't.company_id',
      'c.name as company_name',
      'c.logo_url as company_logo_url',
      't.user_id',
      't.trade_type',
      't.stock_count',
      't.reserved_count',
      't.sold_count',
      't.stock_per_price',
      't.count_negotiable',
      't.price_negotiable',
      effectiveStatus(now).as('status'),
      pinnedNow(now).as('list_pin'),
      't.proof_image_url',
      't.proof_type',
      't.proof_check_status',
      't.finished_price',
      't.created_at',
      't.updated_at',
      't.expires_at',
      't.finished_at',
      'u.nickname as writer_nickname',
      'u.profile_image_url as writer_image',
      // An expert's badge and name only once an operator approved them (decision 0016).
      'u.public_expert_type as writer_expert_type',
      'u.public_expert_name as writer_expert_name',
      'u.deleted_at as writer_deleted_at',
      'u.user_level as writer_level',
      'u.created_at as writer_since',
    ]);
  }

  return {
    async company(id: number) {
      return db
        .selectFrom('companies')
        .select(['id', 'name', 'logo_url', 'labels', 'current_price'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** How many distinct companies a member has posted listings on since `since` (deleted ones included). */
    async companiesListedSince(userId: number, since: Date, exec: Db = db): Promise<number> {
      const row = await exec
        .selectFrom('trades')
        .select(sql<number>`count(distinct company_id)::int`.as('n'))
        .where('user_id', '=', userId)
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insert(t: NewTrade, exec: Db = db): Promise<number> {
      const row = await exec
        .insertInto('trades')
        .values({
          company_id: t.companyId,
          user_id: t.userId,
          trade_type: t.tradeType,
          stock_count: t.count,
          stock_per_price: t.price,
          count_negotiable: t.countNegotiable,
          price_negotiable: t.priceNegotiable,
          proof_image_url: t.proofImageUrl,
          proof_type: t.proofType,
          proof_check_status: t.proofCheckStatus,
          created_at: t.at,
          updated_at: t.at,
          expires_at: t.expiresAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async find(id: number, now: Date, exec: Db = db): Promise<TradeRow | undefined> {
      return (await columns(base(exec), now).where('t.id', '=', id).executeTakeFirst()) as TradeRow | undefined;
    },

    /**
     * A page of a company's listings and their count: open ones for everyone; ended ones (finished,
     * expired, deleted) only to their owner. Pinned first; with a side chosen, order-book order (sell
     * cheapest first, buy dearest first); then newest. For the open ones, also when the list next
     * changes by time alone (`changesAt`: the first of them to expire or to lose its pin), so that a
     * reader may keep it until then. One statement (the count and `changesAt` as window functions
     * over the page's rows) unless the page is past the end, when the count is read on its own.
     */
    async listByCompany(f: TradeListFilter): Promise<{ rows: TradeRow[]; total: number; changesAt: Date | null }> {
      let q = base().where('t.company_id', '=', f.companyId).where('u.deleted_at', 'is', null);
      if (f.tradeType !== undefined) q = q.where('t.trade_type', '=', f.tradeType);
      if (f.status === ListingStatus.IN_PROGRESS) q = q.where(isOpen(f.now));
      else if (f.viewerId === null) return { rows: [], total: 0, changesAt: null };
      else {
        q = q.where('t.user_id', '=', f.viewerId);
        q =
          f.status === ListingStatus.TRADE_EXPIRED
            ? q.where((eb) =>
                eb.or([
                  eb('t.status', '=', ListingStatus.TRADE_EXPIRED),
                  eb.and([eb('t.status', '=', ListingStatus.IN_PROGRESS), eb('t.expires_at', '<=', f.now)]),
                ]),
              )
            : q.where('t.status', '=', f.status);
      }
      const pinEnds = sql<Date | null>`case when t.list_pin = ${ListPin.TOPFIX} and t.pin_ends_at > ${f.now} then t.pin_ends_at end`;
      let ordered = columns(q, f.now)
        .select([
          sql<number>`count(*) over ()`.as('total_n'),
          sql<Date | null>`least(min(t.expires_at) over (), min(${pinEnds}) over ())`.as('changes_at'),
        ])
        .orderBy(pinnedNow(f.now), 'desc');
      if (f.tradeType === TradeType.SELL) ordered = ordered.orderBy('t.stock_per_price', 'asc');
      if (f.tradeType === TradeType.BUY) ordered = ordered.orderBy('t.stock_per_price', 'desc');
      const found = await ordered
        .orderBy('t.created_at', 'desc')
        .orderBy('t.id', 'desc')
        .limit(f.size)
        .offset((f.page - 1) * f.size)
        .execute();
      let summary: { n: number | string; changes_at: Date | string | null } | undefined = found[0]
        ? { n: found[0].total_n, changes_at: found[0].changes_at }
        : undefined;
      if (!summary && f.page > 1)
        summary = await q
          .select([sql<number>`count(*)::int`.as('n'), sql<Date | null>`least(min(t.expires_at), min(${pinEnds}))`.as('changes_at')])
          .executeTakeFirst();
      const rows = found.map(({ total_n: _n, changes_at: _c, ...row }) => row);
      const changesAt = f.status === ListingStatus.IN_PROGRESS && summary?.changes_at ? new Date(summary.changes_at) : null;
      return { rows: rows as TradeRow[], total: Number(summary?.n ?? 0), changesAt };
    },

    async topFixed(companyId: number, now: Date): Promise<TradeRow[]> {
      const rows = await columns(base(), now)
        .where('t.company_id', '=', companyId)
        .where(pinnedNow(now), '=', ListPin.TOPFIX)
        .where('u.deleted_at', 'is', null)
        .where(isOpen(now))
        .orderBy('t.created_at', 'desc')
        .limit(20)
        .execute();
      return rows as TradeRow[];
    },

    async listByOwner(userId: number, status: number | undefined, now: Date, page: number, size: number) {
      // Deleted listings are gone for their owner too, whatever status is asked for.
      let q = base().where('t.user_id', '=', userId).where('t.status', 'not in', [ListingStatus.USER_DELETED, ListingStatus.ADMIN_DELETED]);
      if (status !== undefined) q = q.where(effectiveStatus(now), '=', status);
      const totalRow = await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst();
      const rows = await columns(q, now)
        .orderBy('t.created_at', 'desc')
        .orderBy('t.id', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute();
      return { rows: rows as TradeRow[], total: Number(totalRow?.n ?? 0) };
    },

    /** When a member's own listings next change by time alone: the first open one to end or lose its pin. */
    async ownChangesAt(userId: number, now: Date): Promise<Date | null> {
      const row = await db
        .selectFrom('trades as t')
        .select(
          sql<Date | null>`least(min(case when t.status = ${ListingStatus.IN_PROGRESS} and t.expires_at > ${now} then t.expires_at end), min(case when t.list_pin = ${ListPin.TOPFIX} and t.pin_ends_at > ${now} then t.pin_ends_at end))`.as(
            'changes_at',
          ),
        )
        .where('t.user_id', '=', userId)
        .executeTakeFirst();
      return row?.changes_at ? new Date(row.changes_at) : null;
    },

    /** Changes an open listing of `userId`; false when it is not theirs or not open any more. */
    async updateOpen(
      id: number,
      userId: number,
      now: Date,
      set: { count: number; price: number; countNegotiable: boolean; priceNegotiable: boolean },
    ): Promise<boolean> {
      const r = await db
        .updateTable('trades as t')
        .set({
          stock_count: set.count,
          stock_per_price: set.price,
          count_negotiable: set.countNegotiable,
          price_negotiable: set.priceNegotiable,
          updated_at: now,
        })
        .where('t.id', '=', id)
        .where('t.user_id', '=', userId)
        .where(isOpen(now))
        // Never below what deals agreed or sold (issue 22).
        .where(sql<boolean>`t.reserved_count + t.sold_count <= ${set.count}`)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Open listings whose proof waits for an operator, oldest first (operators clear the queue in order). */
    async pendingProofs(now: Date, page: number, size: number) {
      const pending = () => base().where('t.proof_check_status', '=', ProofCheckStatus.PENDING).where(isOpen(now));
      const [rows, count] = await Promise.all([
        columns(pending(), now)
          .orderBy('t.updated_at', 'asc')
          .orderBy('t.id', 'asc')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        pending()
          .select([sql<number>`count(*)::int`.as('n'), sql<Date | null>`min(t.updated_at)`.as('oldest')])
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n), oldest: count.oldest ? new Date(count.oldest) : null };
    },

    /** Every listing pinned now (open, pin not ended), the soonest to end first: the console's 상단 고정. */
    async pinnedNow(now: Date, page: number, size: number) {
      const pinned = () => base().where(pinnedNow(now), '=', ListPin.TOPFIX).where(isOpen(now));
      const [rows, count] = await Promise.all([
        columns(pinned(), now)
          .select('t.pin_ends_at')
          .orderBy('t.pin_ends_at', 'asc')
          .orderBy('t.id', 'asc')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        pinned().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as Array<TradeRow & { pin_ends_at: Date | null }>, total: Number(count.n) };
    },

    /** An operator pins an open listing to the top until `endsAt`, or unpins it (null); its company, or undefined. */
    async setPin(tx: Db, id: number, endsAt: Date | null, now: Date): Promise<number | undefined> {
      const row = await tx
        .updateTable('trades as t')
        .set({ list_pin: endsAt ? ListPin.TOPFIX : ListPin.NORMAL, pin_ends_at: endsAt })
        .where('t.id', '=', id)
        .where(isOpen(now))
        .returning('t.company_id')
        .executeTakeFirst();
      return row?.company_id;
    },

    /** An operator hides a listing (a report upheld): ADMIN_DELETED, kept for the record; its owner and company, or undefined. */
    async hideByOperator(tx: Db, id: number) {
      return tx
        .updateTable('trades')
        .set({ status: ListingStatus.ADMIN_DELETED })
        .where('id', '=', id)
        .returning(['user_id', 'company_id'])
        .executeTakeFirst();
    },

    /** An operator's decision on a waiting proof, in the caller's transaction; the company id, or undefined if it no longer waits. */
    async decideProof(tx: Db, id: number, status: number): Promise<{ company_id: number; user_id: number } | undefined> {
      return tx
        .updateTable('trades')
        .set({ proof_check_status: status })
        .where('id', '=', id)
        .where('proof_check_status', '=', ProofCheckStatus.PENDING)
        .returning(['company_id', 'user_id'])
        .executeTakeFirst();
    },

    async setProof(id: number, userId: number, now: Date, proof: { url: string; type: string }): Promise<boolean> {
      const r = await db
        .updateTable('trades as t')
        .set({ proof_image_url: proof.url, proof_type: proof.type, proof_check_status: ProofCheckStatus.PENDING, updated_at: now })
        .where('t.id', '=', id)
        .where('t.user_id', '=', userId)
        .where('t.proof_check_status', 'in', [ProofCheckStatus.NONE, ProofCheckStatus.REATTACHMENT])
        .where(isOpen(now))
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /**
     * Marks an open listing of `userId` finished at `price`; answers what the price rule needs (its
     * company, count and when it was last changed, read under the row's lock), or undefined.
     */
    async finish(tx: Db, id: number, userId: number, now: Date, price: number) {
      const open = await tx
        .selectFrom('trades as t')
        .select(['t.company_id', 't.stock_count', 't.reserved_count', 't.sold_count', 't.updated_at'])
        .where('t.id', '=', id)
        .where('t.user_id', '=', userId)
        .where(isOpen(now))
        .forUpdate()
        .executeTakeFirst();
      if (!open) return undefined;
      // Shares agreed in a deal are the two members' to confirm or cancel first (issue 22).
      if (Number(open.reserved_count) > 0) return 'RESERVED' as const;
      await tx
        .updateTable('trades')
        .set({ status: ListingStatus.TRADE_FINISHED, finished_price: price, finished_at: now, updated_at: now })
        .where('id', '=', id)
        .execute();
      return { companyId: open.company_id, count: Number(open.stock_count) - Number(open.sold_count), listedAt: open.updated_at };
    },

    /** Soft delete by the owner: USER_DELETED. Already deleted listings stay as they are. */
    async softDelete(id: number, userId: number, now: Date): Promise<boolean> {
      const r = await db
        .updateTable('trades')
        .set({ status: ListingStatus.USER_DELETED, updated_at: now })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('status', 'in', [ListingStatus.IN_PROGRESS, ListingStatus.TRADE_FINISHED, ListingStatus.TRADE_EXPIRED])
        .where('reserved_count', '=', 0)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /**
     * Records every open listing past its end date as TRADE_EXPIRED, in batches. Runs only where it
     * wins the advisory lock, so several instances never do the same work twice; answers null when
     * another instance holds it.
     */
    async expireDue(
      now: Date,
      ended: (tx: Db, rows: Array<{ id: string; company_id: number; user_id: number }>) => Promise<void>,
      batch = 1000,
    ): Promise<number | null> {
      return unitOfWork(db, async (tx) => {
        const lock = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${EXPIRY_LOCK_KEY}) as ok`.execute(tx);
        if (!lock.rows[0]?.ok) return null;
        let total = 0;
        for (;;) {
          const r = await sql<{ id: string; company_id: number; user_id: number }>`
            update trades set status = ${ListingStatus.TRADE_EXPIRED}, updated_at = ${now}
            where id in (
              select id from trades where status = ${ListingStatus.IN_PROGRESS} and expires_at <= ${now}
              order by expires_at limit ${batch}
            )
            returning id, company_id, user_id`.execute(tx);
          await ended(tx, r.rows);
          total += r.rows.length;
          if (r.rows.length < batch) return total;
        }
      });
    },

    /** Open listings whose 30 days end within (from, to]: their owners are told 3 days ahead (issue 23). */
    async endingBetween(from: Date, to: Date) {
      return db
        .selectFrom('trades')
        .select(['id', 'company_id', 'user_id', 'expires_at'])
        .where('status', '=', ListingStatus.IN_PROGRESS)
        .where('expires_at', '>', from)
        .where('expires_at', '<=', to)
        .execute();
    },
  };
}

export type TradeRepository = ReturnType<typeof createTradeRepository>;
