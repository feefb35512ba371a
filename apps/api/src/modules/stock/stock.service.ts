import {
  type ChartRange,
  type CompanyInfo,
  type CompanySearchResult,
  changeRate,
  type FinancialYear,
  type MarketLabel,
  type PriceBar,
  type PriceSource,
  type RankingPeriod,
  type Sector,
  type StockListQuery,
  type StockProfile,
  type StockSummary,
  seoulDay,
} from '@beesang/contract';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { createInvalidationBus, type InvalidationBus, TOPICS } from '../../lib/invalidation.ts';
import { createClockSlotCache, createTtlCache, standingRead } from '../../lib/ttl-cache.ts';
import { createSearchIndex } from './search-index.ts';
import type { CompanyRow, StockRepository } from './stock.repository.ts';

type Chart = {
  companyIdx: number;
  range: ChartRange;
  data: PriceBar[];
  priceSource: PriceSource;
  priceAt: string;
  priceTradeCount: number;
};

const RANGE_DAYS: Record<ChartRange, number> = { '1M': 31, '3M': 92, '1Y': 366, '3Y': 3 * 366, '5Y': 5 * 366 };

function toSummary(row: CompanyRow, tradeCount = 0): StockSummary {
  const current = Number(row.current_price);
  const previous = Number(row.previous_close);
  return {
    companyIdx: row.id,
    companyName: row.name,
    companyLogoUrl: row.logo_url,
    beesangCode: row.code,
    companyStockCurrentPrice: current,
    stockPriceGap: String(current - previous),
    stockPriceRateGap: changeRate(current, previous),
    marketCapitalization: current * Number(row.shares_outstanding),
    stockLabelType: row.labels as MarketLabel[],
    sector: row.sector as Sector,
    viewCount: Number(row.view_count),
    tradeCount,
    updatedAt: row.price_updated_at.toISOString(),
    ...provenance(row),
  };
}

function provenance(row: CompanyRow) {
  return { priceSource: row.price_source, priceAt: row.price_updated_at.toISOString(), priceTradeCount: row.price_trade_count };
}

/** Start of the current day in Asia/Seoul as an instant. */
function startOfSeoulDay(now: Date): Date {
  return new Date(`${seoulDay(now)}T00:00:00+09:00`);
}

function dayBefore(now: Date, days: number): string {
  return seoulDay(new Date(now.getTime() - days * 86_400_000));
}

/**
 * Companies, prices, charts and search. Its read caches are per instance; every write anywhere
 * publishes on the invalidation bus (decision 0010), so all instances drop the same entries within
 * milliseconds. The TTLs are only the backstop for a bus that was down.
 */
export function createStockService(
  repo: StockRepository,
  clock: Clock,
  bus: InvalidationBus = createInvalidationBus({ kind: 'memory', scope: {} }),
) {
  const index = createSearchIndex((ids) => repo.listAllForSearch(ids), clock);
  // A company's row with its 기업 정보, read by every render of its page (a member's too; issue 24).
  // Announced in full (the company topic), so kept a minute like the company's page (decision 0032).
  const companies = createTtlCache<number, Awaited<ReturnType<StockRepository['findWithInfo']>>>(60_000);
  const companyRow = (id: number) => companies.get(id, () => repo.findWithInfo(id));
  const charts = createTtlCache<string, Awaited<ReturnType<StockRepository['bars']>>>(30_000);
  // Best 호가: dropped by the bus on a listing's change, and read again once the first open listing
  // expires (time alone changes them: `changesAt`) or the clock moved back past the read; a minute at most.
  type Best = Awaited<ReturnType<StockRepository['bestPrices']>> & { readAt: number };
  const bests = createTtlCache<number, Best>(60_000);
  const bestOf = (id: number) => {
    const now = clock.now();
    const read = async () => ({ ...(await repo.bestPrices(id, now)), readAt: now.getTime() });
    return standingRead(
      (r) => bests.get(id, r),
      () => bests.delete(id),
      now,
      read,
    );
  };
  // A company's 재무 rows, read by every render of its page.
  const financialRows = createTtlCache<number, Awaited<ReturnType<StockRepository['financials']>>>(30_000);
  // The market lists (ranking, 전체 종목), read by every render of the home and list pages: reused for
  // 5 s of the business clock (the page cache's bound; a test that moves the clock reads anew) and
  // dropped by any company's or listing's change on every instance.
  const market = createClockSlotCache<unknown>(clock, 5_000);
  const marketRead = <T>(key: string, read: (now: Date) => Promise<T>): Promise<T> => market.get(key, read) as Promise<T>;

  // A key names one company; no key (an import, or the bus reconnecting) means every company.
  const companyOf = (key?: string) => (key !== undefined && /^\d+$/.test(key) ? Number(key) : undefined);
  bus.subscribe(TOPICS.company, (key) => {
    const id = companyOf(key);
    if (id === undefined) {
      companies.clear();
      bests.clear();
      financialRows.clear();
    } else {
      companies.delete(id);
      bests.delete(id);
      financialRows.delete(id);
    }
    charts.clear();
    market.clear();
    // One company: the index reloads only that row; none: it rebuilds (in the background when large).
    index.invalidate(id);
  });
  bus.subscribe(TOPICS.listings, (key) => {
    market.clear();
    const id = companyOf(key);
    if (id === undefined) bests.clear();
    else bests.delete(id);
  });

  async function withTradeCounts(rows: CompanyRow[]): Promise<StockSummary[]> {
    const counts = await repo.countOpenListings(
      rows.map((r) => r.id),
      clock.now(),
    );
    return rows.map((r) => toSummary(r, counts.get(r.id) ?? 0));
  }

  async function requireCompany(id: number): Promise<CompanyRow> {
    const row = await companyRow(id);
    if (!row) throw new NotFoundError('companyNotFound');
    return row;
  }

  async function rankingAt(period: RankingPeriod, count: number, now: Date): Promise<StockSummary[]> {
    switch (period) {
      case 'TODAY': {
        // Updated today; on a weekend or holiday, the latest trading day stands in for today.
        const latest = (await repo.latestPriceUpdate()) ?? now;
        const since = startOfSeoulDay(new Date(Math.min(latest.getTime(), now.getTime())));
        return withTradeCounts(await repo.updatedSince(since, count));
      }
      case 'HIGH_HITS':
        return withTradeCounts(await repo.byRecentViews(dayBefore(now, 6), count));
      case 'HIGH_VOLUME':
        return withTradeCounts(await repo.byActivity(dayBefore(now, 30), now, count));
      case 'HIGH_UP':
        return withTradeCounts(await repo.byChange('up', count));
      case 'HIGH_DOWN':
        return withTradeCounts(await repo.byChange('down', count));
      case 'NEW':
        return withTradeCounts(await repo.newestWithLabel('VC', count));
    }
  }

  return {
    searchIndex: index,

    /** Whether a company exists (cached like every per-company read). */
    exists: async (id: number) => (await companyRow(id)) !== undefined,
    /** A counted view of a company's page (the analytics module decides what counts), in its transaction. */
    addView: (tx: Db, companyId: number, day: string) => repo.addView(tx, companyId, day),

    /** Drops every cached read after a change to many companies (an import), on every instance. */
    invalidateAll() {
      bus.publish(TOPICS.company);
    },

    /** Drops cached reads of a company after its row, price or bars changed, on every instance. */
    invalidate(id: number) {
      bus.publish(TOPICS.company, String(id));
    },

    async search(keyword: string, unissuedOnly: boolean, favoriteIds: ReadonlySet<number> = new Set()): Promise<CompanySearchResult[]> {
      const results = await index.search(keyword, { unissuedOnly });
      if (favoriteIds.size === 0) return results;
      return results.map((r) => (favoriteIds.has(r.companyIdx) ? { ...r, isFavorite: true } : r));
    },

    ranking(period: RankingPeriod, count: number): Promise<StockSummary[]> {
      return marketRead(`ranking:${period}:${count}`, (now) => rankingAt(period, count, now));
    },

    list(query: StockListQuery) {
      return marketRead(`list:${JSON.stringify(query)}`, async () => {
        const { rows, total } = await repo.list(query);
        return { data: await withTradeCounts(rows), total, page: query.page, size: query.size };
      });
    },

    /** Summaries of `ids` in the order given (a member's favourites); unknown ids are skipped. */
    /** These companies' summaries in this order (a page of a member's favourites): kept like the market lists. */
    async summaries(ids: number[]): Promise<StockSummary[]> {
      if (ids.length === 0) return [];
      return marketRead(`summaries:${ids.join(',')}`, async () => {
        const rows = await repo.findByIds(ids);
        const byId = new Map(rows.map((r) => [r.id, r]));
        return withTradeCounts(ids.map((id) => byId.get(id)).filter((r): r is CompanyRow => r !== undefined));
      });
    },

    async profile(id: number, isFavorite: boolean): Promise<StockProfile> {
      const row = await requireCompany(id);
      const s = toSummary(row);
      const best = await bestOf(id);
      return {
        companyIdx: s.companyIdx,
        companyName: s.companyName,
        companyLogoUrl: s.companyLogoUrl,
        beesangCode: s.beesangCode,
        companyStockCurrentPrice: s.companyStockCurrentPrice,
        stockPriceGap: s.stockPriceGap,
        stockPriceRateGap: s.stockPriceRateGap,
        marketCapitalization: s.marketCapitalization,
        stockFavorite: isFavorite,
        stockLabelType: s.stockLabelType,
        sector: s.sector,
        ...provenance(row),
        bestBuyPrice: best.buy,
        bestSellPrice: best.sell,
      };
    },

    async info(id: number): Promise<CompanyInfo> {
      const row = await companyRow(id);
      if (!row) throw new NotFoundError('companyNotFound');
      return {
        companyIdx: row.id,
        companyName: row.name,
        beesangCode: row.code,
        ceoName: row.ceo_name,
        foundedOn: row.founded_on,
        address: row.address,
        homepageUrl: row.homepage_url,
        businessSummary: row.business_summary,
        sector: row.sector as Sector,
        sharesOutstanding: Number(row.shares_outstanding),
        stockLabelType: row.labels as MarketLabel[],
      };
    },

    async financial(id: number): Promise<{ companyIdx: number; data: FinancialYear[] }> {
      await requireCompany(id);
      const rows = await financialRows.get(id, () => repo.financials(id));
      return {
        companyIdx: id,
        data: rows.map((r) => ({
          year: r.year,
          revenue: Number(r.revenue),
          operatingProfit: Number(r.operating_profit),
          netIncome: Number(r.net_income),
          operatingMargin: Number(r.operating_margin),
          debtRatio: Number(r.debt_ratio),
          roe: Number(r.roe),
        })),
      };
    },

    async financeTotalChart(id: number) {
      const { data } = await this.financial(id);
      return {
        companyIdx: id,
        labels: data.map((d) => String(d.year)),
        revenue: data.map((d) => d.revenue),
        operatingProfit: data.map((d) => d.operatingProfit),
        netIncome: data.map((d) => d.netIncome),
      };
    },

    async chart(id: number, range: ChartRange): Promise<Chart> {
      const company = await requireCompany(id);
      const from = dayBefore(clock.now(), RANGE_DAYS[range]);
      const rows = await charts.get(`${id}:${from}`, () => repo.bars(id, from));
      return {
        companyIdx: id,
        range,
        data: rows.map((r) => ({
          date: r.day,
          open: Number(r.open),
          high: Number(r.high),
          low: Number(r.low),
          close: Number(r.close),
          volume: Number(r.volume),
        })),
        ...provenance(company),
      };
    },

    async company(id: number) {
      return requireCompany(id);
    },

    async sitemapEntries() {
      return repo.allIdsAndNames();
    },
  };
}

export type StockService = ReturnType<typeof createStockService>;
