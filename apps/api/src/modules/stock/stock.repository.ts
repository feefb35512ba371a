import { ListingStatus, type MarketLabel, type PriceSource, type Sector, type StockListQuery, TradeType } from '@beesang/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** The only place that reads companies, prices and financials. */

const summaryColumns = [
  'c.id',
  'c.code',
  'c.name',
  'c.logo_url',
  'c.sector',
  'c.labels',
  'c.shares_outstanding',
  'c.current_price',
  'c.previous_close',
  'c.price_updated_at',
  'c.view_count',
  'c.listed_at',
  'c.price_source',
  'c.price_trade_count',
] as const;

export interface CompanyRow {
  id: number;
  code: string;
  name: string;
  logo_url: string;
  sector: string;
  labels: string[];
  shares_outstanding: number | string;
  current_price: number | string;
  previous_close: number | string;
  price_updated_at: Date;
  view_count: number | string;
  listed_at: Date;
  price_source: PriceSource;
  price_trade_count: number;
}

export interface SearchRow {
  id: number;
  code: string;
  name: string;
  logo_url: string;
  labels: string[];
  current_price: number | string;
  view_count: number | string;
  price_source: PriceSource;
  price_updated_at: Date;
  price_trade_count: number;
}

const changeRateSql = sql<number>`case when c.previous_close > 0 then (c.current_price - c.previous_close)::float8 / c.previous_close else 0 end`;

export function createStockRepository(db: Db) {
  return {
    /** One counted view of a company: its total and its Seoul day's count, in the caller's transaction. False if it does not exist. */
    async addView(tx: Db, companyId: number, day: string): Promise<boolean> {
      const updated = await tx
        .updateTable('companies')
        .set({ view_count: sql`view_count + 1` })
        .where('id', '=', companyId)
        .returning('id')
        .executeTakeFirst();
      if (!updated) return false;
      await tx
        .insertInto('company_daily_views')
        .values({ company_id: companyId, day, views: 1 })
        .onConflict((oc) => oc.columns(['company_id', 'day']).doUpdateSet({ views: sql`company_daily_views.views + 1` }))
        .execute();
      return true;
    },

    async findById(id: number): Promise<CompanyRow | undefined> {
      return db.selectFrom('companies as c').select(summaryColumns).where('c.id', '=', id).executeTakeFirst();
    },

    async findByIds(ids: number[]): Promise<CompanyRow[]> {
      if (ids.length === 0) return [];
      return db.selectFrom('companies as c').select(summaryColumns).where('c.id', 'in', ids).execute();
    },

    /** A company's row with its 기업 정보 (CEO, address, summary, …): what its page reads, in one statement. */
    async findWithInfo(id: number) {
      return db
        .selectFrom('companies as c')
        .select([...summaryColumns, 'c.ceo_name', 'c.founded_on', 'c.address', 'c.homepage_url', 'c.business_summary'])
        .where('c.id', '=', id)
        .executeTakeFirst();
    },

    /** Every company for the search index, or only those with `ids` (a refresh of changed companies). */
    async listAllForSearch(ids?: readonly number[]): Promise<SearchRow[]> {
      if (ids?.length === 0) return [];
      return db
        .selectFrom('companies')
        .$if(ids !== undefined, (qb) => qb.where('id', 'in', ids as number[]))
        .select([
          'id',
          'code',
          'name',
          'logo_url',
          'labels',
          'current_price',
          'view_count',
          'price_source',
          'price_updated_at',
          'price_trade_count',
        ])
        .execute();
    },

    async list(query: StockListQuery): Promise<{ rows: CompanyRow[]; total: number }> {
      let base = db.selectFrom('companies as c');
      if (query.label) base = base.where(sql<boolean>`${query.label satisfies MarketLabel} = any(c.labels)`);
      if (query.sector) base = base.where('c.sector', '=', query.sector satisfies Sector);
      const orderExpr = {
        name: sql`c.name`,
        price: sql`c.current_price`,
        change: changeRateSql,
        marketCap: sql`c.current_price * c.shares_outstanding`,
        views: sql`c.view_count`,
      }[query.sort];
      const direction = query.order === 'asc' ? sql`asc` : sql`desc`;
      const [rows, count] = await Promise.all([
        base
          .select(summaryColumns)
          .orderBy(sql`${orderExpr} ${direction}`)
          .orderBy('c.id')
          .limit(query.size)
          .offset((query.page - 1) * query.size)
          .execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    async latestPriceUpdate(): Promise<Date | null> {
      const row = await db.selectFrom('companies').select(sql<Date | null>`max(price_updated_at)`.as('at')).executeTakeFirst();
      return row?.at ? new Date(row.at) : null;
    },

    /** Companies whose price changed on or after `since` (TODAY ranking). */
    async updatedSince(since: Date, limit: number): Promise<CompanyRow[]> {
      return db
        .selectFrom('companies as c')
        .select(summaryColumns)
        .where('c.price_updated_at', '>=', since)
        .orderBy('c.price_updated_at', 'desc')
        .orderBy('c.id')
        .limit(limit)
        .execute();
    },

    async byChange(direction: 'up' | 'down', limit: number): Promise<CompanyRow[]> {
      return (
        db
          .selectFrom('companies as c')
          .select(summaryColumns)
          .where(sql<boolean>`c.current_price ${direction === 'up' ? sql`>` : sql`<`} c.previous_close`)
          // One counted trade, however legitimate, does not headline the site (decision 0006).
          .where((eb) => eb.or([eb('c.price_source', '!=', 'TRADE'), eb('c.price_trade_count', '>=', 2)]))
          .orderBy(sql`${changeRateSql} ${direction === 'up' ? sql`desc` : sql`asc`}`)
          .orderBy('c.id')
          .limit(limit)
          .execute()
      );
    },

    /** Most viewed over the days since `sinceDay` (from the daily counters fed by page views). */
    async byRecentViews(sinceDay: string, limit: number): Promise<CompanyRow[]> {
      return db
        .selectFrom('companies as c')
        .leftJoin(
          (eb) =>
            eb
              .selectFrom('company_daily_views')
              .select(['company_id', sql<number>`sum(views)`.as('recent')])
              .where('day', '>=', sinceDay)
              .groupBy('company_id')
              .as('v'),
          (join) => join.onRef('v.company_id', '=', 'c.id'),
        )
        .select(summaryColumns)
        .orderBy(sql`coalesce(v.recent, 0) desc`)
        .orderBy('c.view_count', 'desc')
        .orderBy('c.id')
        .limit(limit)
        .execute();
    },

    /** Most active: open listings (as of `now`) first, then traded volume since `sinceDay`. */
    async byActivity(sinceDay: string, now: Date, limit: number): Promise<CompanyRow[]> {
      return db
        .selectFrom('companies as c')
        .leftJoin(
          (eb) =>
            eb
              .selectFrom('trades')
              .select(['company_id', sql<number>`count(*)`.as('listings')])
              .where('status', '=', 11)
              .where('expires_at', '>', now)
              .groupBy('company_id')
              .as('t'),
          (join) => join.onRef('t.company_id', '=', 'c.id'),
        )
        .leftJoin(
          (eb) =>
            eb
              .selectFrom('price_bars')
              .select(['company_id', sql<number>`sum(volume)`.as('volume')])
              .where('day', '>=', sinceDay)
              .groupBy('company_id')
              .as('b'),
          (join) => join.onRef('b.company_id', '=', 'c.id'),
        )
        .select(summaryColumns)
        .orderBy(sql`coalesce(t.listings, 0) desc`)
        .orderBy(sql`coalesce(b.volume, 0) desc`)
        .orderBy('c.id')
        .limit(limit)
        .execute();
    },

    async newestWithLabel(label: MarketLabel, limit: number): Promise<CompanyRow[]> {
      return db
        .selectFrom('companies as c')
        .select(summaryColumns)
        .where(sql<boolean>`${label} = any(c.labels)`)
        .orderBy('c.listed_at', 'desc')
        .orderBy('c.id')
        .limit(limit)
        .execute();
    },

    /** Listings open at `now` per company (an in-progress listing past its end date no longer counts). */
    async countOpenListings(ids: number[], now: Date): Promise<Map<number, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('trades')
        .select(['company_id', sql<number>`count(*)::int`.as('n')])
        .where('company_id', 'in', ids)
        .where('status', '=', 11)
        .where('expires_at', '>', now)
        .groupBy('company_id')
        .execute();
      return new Map(rows.map((r) => [r.company_id, Number(r.n)]));
    },

    /** The open listings' best 호가 of a company: the dearest buy and the cheapest sell. */
    /** The best open prices, and when the first open listing expires (they may change then by time alone; Infinity without one). */
    async bestPrices(id: number, now: Date): Promise<{ buy: number | null; sell: number | null; changesAt: number }> {
      const row = await db
        .selectFrom('trades')
        .innerJoin('users', 'users.id', 'trades.user_id')
        .select([
          sql<string | null>`max(stock_per_price) filter (where trade_type = ${TradeType.BUY})`.as('buy'),
          sql<string | null>`min(stock_per_price) filter (where trade_type = ${TradeType.SELL})`.as('sell'),
          sql<Date | string | null>`min(expires_at)`.as('changes_at'),
        ])
        .where('company_id', '=', id)
        .where('status', '=', ListingStatus.IN_PROGRESS)
        .where('expires_at', '>', now)
        .where('users.deleted_at', 'is', null)
        .executeTakeFirst();
      return {
        buy: row?.buy == null ? null : Number(row.buy),
        sell: row?.sell == null ? null : Number(row.sell),
        changesAt: row?.changes_at ? new Date(row.changes_at).getTime() : Number.POSITIVE_INFINITY,
      };
    },

    async financials(id: number) {
      return db
        .selectFrom('company_financials')
        .select(['year', 'revenue', 'operating_profit', 'net_income', 'operating_margin', 'debt_ratio', 'roe'])
        .where('company_id', '=', id)
        .orderBy('year')
        .execute();
    },

    async bars(id: number, fromDay: string) {
      return db
        .selectFrom('price_bars')
        .select(['day', 'open', 'high', 'low', 'close', 'volume'])
        .where('company_id', '=', id)
        .where('day', '>=', fromDay)
        .orderBy('day')
        .execute();
    },

    async allIdsAndNames() {
      return db.selectFrom('companies').select(['id', 'name', 'code', 'price_updated_at']).orderBy('id').execute();
    },
  };
}

export type StockRepository = ReturnType<typeof createStockRepository>;
