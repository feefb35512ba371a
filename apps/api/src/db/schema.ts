import type { ColumnType, Generated } from 'kysely';

/** Kysely table types. Kept beside the migrations; migrations never import this file. */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** BIGINT comes back from the drivers as a string; we convert in repositories. */
type BigIntCol = ColumnType<number | string, number | string | bigint, number | string | bigint>;
type NumericCol = ColumnType<number | string, number | string, number | string>;

export interface CompaniesTable {
  id: Generated<number>;
  code: string;
  name: string;
  logo_url: string;
  sector: string;
  labels: ColumnType<string[], string[], string[]>;
  shares_outstanding: BigIntCol;
  ceo_name: string;
  founded_on: ColumnType<string | null, string | null | undefined, string | null>;
  address: string;
  homepage_url: string;
  business_summary: string;
  current_price: BigIntCol;
  previous_close: BigIntCol;
  price_updated_at: Timestamp;
  view_count: ColumnType<number | string, number | string | undefined, number | string>;
  listed_at: Timestamp;
  is_demo: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

export interface CompanyFinancialsTable {
  company_id: number;
  year: number;
  revenue: BigIntCol;
  operating_profit: BigIntCol;
  net_income: BigIntCol;
  operating_margin: NumericCol;
  debt_ratio: NumericCol;
  roe: NumericCol;
}

export interface PriceBarsTable {
  company_id: number;
  day: ColumnType<string, string, string>;
  open: BigIntCol;
  high: BigIntCol;
  low: BigIntCol;
  close: BigIntCol;
  volume: BigIntCol;
}

export interface CompanyDailyViewsTable {
  company_id: number;
  day: ColumnType<string, string, string>;
  views: ColumnType<number | string, number | string, number | string>;
}

export interface PageViewsTable {
  id: Generated<string>;
  path: string;
  company_id: number | null;
  referrer: string | null;
  viewed_at: Timestamp;
}

export interface ContentsTable {
  id: Generated<number>;
  kind: string;
  title: string;
  summary: string;
  body: string;
  thumbnail_url: string;
  source: string;
  pinned: ColumnType<boolean, boolean | undefined, boolean>;
  event_starts_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  event_ends_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  published_at: Timestamp;
  is_demo: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface TradesTable {
  id: Generated<number | string>;
  company_id: number;
  user_id: number;
  trade_type: number;
  stock_count: BigIntCol;
  stock_per_price: BigIntCol;
  count_negotiable: boolean;
  price_negotiable: boolean;
  status: ColumnType<number, number | undefined, number>;
  list_pin: ColumnType<number, number | undefined, number>;
  proof_image_url: ColumnType<string, string | undefined, string>;
  proof_type: ColumnType<string, string | undefined, string>;
  proof_check_status: ColumnType<number, number | undefined, number>;
  finished_price: BigIntCol | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  expires_at: Timestamp;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface Database {
  trades: TradesTable;
  companies: CompaniesTable;
  company_financials: CompanyFinancialsTable;
  price_bars: PriceBarsTable;
  company_daily_views: CompanyDailyViewsTable;
  page_views: PageViewsTable;
  contents: ContentsTable;
  app_meta: AppMetaTable;
}
