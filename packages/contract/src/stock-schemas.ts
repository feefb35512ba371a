import { RANKING_MAX_COUNT, SEARCH_KEYWORD_MAX } from './constants.ts';
import { CHART_RANGES, CONTENT_KINDS, MARKET_LABELS, RANKING_PERIODS, SECTORS, STOCK_SORTS } from './enums.ts';
import { messages } from './messages.ts';
import { PRICE_SOURCES } from './price-rule.ts';
import { pagingQuery, queryBoolean } from './schemas-common.ts';
import { z } from './zod.ts';

/**
 * Where a price came from (docs/decisions/0006-price-rule.md): every answer that carries a price
 * carries these too. `priceTradeCount` is the number of counted finishes behind a TRADE price.
 */
export const priceProvenance = {
  priceSource: z.enum(PRICE_SOURCES),
  priceAt: z.string(),
  priceTradeCount: z.number().int(),
};

export const marketLabelSchema = z.enum(MARKET_LABELS, { error: messages.invalidLabel });
export const sectorSchema = z.enum(SECTORS, { error: messages.invalidSector });

/** Spec §3 "Company search result". */
export const companySearchResultSchema = z.object({
  companyIdx: z.number().int(),
  companyName: z.string(),
  companyLogoUrl: z.string(),
  beesangCode: z.string(),
  companyStockCurrentPrice: z.number().int(),
  isFavorite: z.boolean(),
  ...priceProvenance,
});
export type CompanySearchResult = z.infer<typeof companySearchResultSchema>;

export const searchParams = z.object({
  keyword: z.string().trim().min(1, { error: messages.invalidKeyword }).max(SEARCH_KEYWORD_MAX, { error: messages.invalidKeyword }),
});
export const searchQuery = z.object({ isUnissuedStock: queryBoolean.optional() });

/** A row of a stock list or ranking. */
export const stockSummarySchema = z.object({
  companyIdx: z.number().int(),
  companyName: z.string(),
  companyLogoUrl: z.string(),
  beesangCode: z.string(),
  companyStockCurrentPrice: z.number().int(),
  stockPriceGap: z.string(),
  stockPriceRateGap: z.string(),
  marketCapitalization: z.number(),
  stockLabelType: z.array(marketLabelSchema),
  sector: sectorSchema,
  viewCount: z.number().int(),
  tradeCount: z.number().int(),
  updatedAt: z.string(),
  ...priceProvenance,
});
export type StockSummary = z.infer<typeof stockSummarySchema>;

export const rankingParams = z.object({
  period: z.enum(RANKING_PERIODS, { error: messages.invalidRankingPeriod }).default('TODAY'),
  count: z.coerce
    .number({ error: messages.invalidRankingCount })
    .int({ error: messages.invalidRankingCount })
    .min(1, { error: messages.invalidRankingCount })
    .max(2_147_483_647, { error: messages.invalidRankingCount })
    .default(10)
    // The spec caps the count: asking for more than the maximum gets the maximum.
    .transform((n) => Math.min(n, RANKING_MAX_COUNT)),
});

export const stockListQuery = pagingQuery.extend({
  label: marketLabelSchema.optional(),
  sector: sectorSchema.optional(),
  sort: z.enum(STOCK_SORTS, { error: messages.invalidSort }).default('marketCap'),
  order: z.enum(['asc', 'desc'], { error: messages.invalidSort }).default('desc'),
});
export type StockListQuery = z.infer<typeof stockListQuery>;

/** Spec §3 "Stock profile". */
export const stockProfileSchema = z.object({
  companyIdx: z.number().int(),
  companyName: z.string(),
  companyLogoUrl: z.string(),
  beesangCode: z.string(),
  companyStockCurrentPrice: z.number().int(),
  stockPriceGap: z.string(),
  stockPriceRateGap: z.string(),
  marketCapitalization: z.number(),
  stockFavorite: z.boolean(),
  stockLabelType: z.array(marketLabelSchema),
  sector: sectorSchema,
  ...priceProvenance,
  /** The open listings' best 호가: the dearest buy and the cheapest sell, null when there is none. */
  bestBuyPrice: z.number().int().nullable(),
  bestSellPrice: z.number().int().nullable(),
});
export type StockProfile = z.infer<typeof stockProfileSchema>;

export const companyInfoSchema = z.object({
  companyIdx: z.number().int(),
  companyName: z.string(),
  beesangCode: z.string(),
  ceoName: z.string(),
  foundedOn: z.string().nullable(),
  address: z.string(),
  homepageUrl: z.string(),
  businessSummary: z.string(),
  sector: sectorSchema,
  sharesOutstanding: z.number(),
  stockLabelType: z.array(marketLabelSchema),
});
export type CompanyInfo = z.infer<typeof companyInfoSchema>;

export const financialYearSchema = z.object({
  year: z.number().int(),
  revenue: z.number(),
  operatingProfit: z.number(),
  netIncome: z.number(),
  operatingMargin: z.number(),
  debtRatio: z.number(),
  roe: z.number(),
});
export type FinancialYear = z.infer<typeof financialYearSchema>;
export const companyFinancialSchema = z.object({ companyIdx: z.number().int(), data: z.array(financialYearSchema) });

export const chartQuery = z.object({ range: z.enum(CHART_RANGES, { error: messages.invalidChartRange }).default('1Y') });
export const priceBarSchema = z.object({
  date: z.string(),
  open: z.number().int(),
  high: z.number().int(),
  low: z.number().int(),
  close: z.number().int(),
  volume: z.number().int(),
});
export type PriceBar = z.infer<typeof priceBarSchema>;
export const chartSchema = z.object({
  companyIdx: z.number().int(),
  range: z.enum(CHART_RANGES),
  data: z.array(priceBarSchema),
  ...priceProvenance,
});

/** Yearly totals for the finance chart: revenue, operating profit and net income side by side. */
export const financeTotalChartSchema = z.object({
  companyIdx: z.number().int(),
  labels: z.array(z.string()),
  revenue: z.array(z.number()),
  operatingProfit: z.number().array(),
  netIncome: z.number().array(),
});

export const contentKindSchema = z.enum(CONTENT_KINDS);
export const contentSummarySchema = z.object({
  id: z.number().int(),
  kind: contentKindSchema,
  title: z.string(),
  summary: z.string(),
  thumbnailUrl: z.string(),
  source: z.string(),
  pinned: z.boolean(),
  eventStartsAt: z.string().nullable(),
  eventEndsAt: z.string().nullable(),
  publishedAt: z.string(),
});
export type ContentSummary = z.infer<typeof contentSummarySchema>;
export const contentDetailSchema = contentSummarySchema.extend({
  body: z.string(),
  /** The body rendered from Markdown and sanitised on the server: safe to insert as HTML. */
  bodyHtml: z.string(),
  prevId: z.number().int().nullable(),
  nextId: z.number().int().nullable(),
});
export type ContentDetail = z.infer<typeof contentDetailSchema>;

export const pageViewBody = z.object({
  path: z
    .string()
    .min(1, { error: messages.invalidPath })
    .max(300, { error: messages.invalidPath })
    .startsWith('/', { error: messages.invalidPath }),
  // U+0000 and unpaired surrogates are refused for every request string (safe-text.ts).
  referrer: z.string().max(500).optional(),
});
