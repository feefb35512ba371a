import type { ExpertStatus, PriceSource } from '@beesang/contract';
import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

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
  /** Where current_price came from: TRADE, IMPORT, MANUAL or DEMO (docs/decisions/0006-price-rule.md). */
  price_source: ColumnType<PriceSource, PriceSource | undefined, PriceSource>;
  /** Counted finishes behind the price of its day (TRADE); 0 otherwise. */
  price_trade_count: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

/** One row per finished trade: counted toward the day's price, or excluded with its reasons. */
export interface TradePriceMarksTable {
  id: Generated<number | string>;
  trade_id: number | string;
  /** The confirmed deal this mark judges (issue 22); null for an owner's own finish. */
  deal_id: ColumnType<number | string | null, number | string | null | undefined, number | string | null>;
  counterparty_id: ColumnType<number | null, number | null | undefined, number | null>;
  company_id: number;
  user_id: number;
  day: ColumnType<string, string, string>;
  price: BigIntCol;
  stock_count: BigIntCol;
  basis: BigIntCol;
  counted: boolean;
  reasons: ColumnType<string[], string[] | undefined, string[]>;
  at: Timestamp;
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
  published: ColumnType<boolean, boolean | undefined, boolean>;
  deleted_at: NullableTimestamp;
  updated_at: NullableTimestamp;
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
  /** When a top-fix ends (read time unpins it); null while it has no end. */
  pin_ends_at: NullableTimestamp;
  /** Shares agreed in deals not yet confirmed, and shares sold in confirmed deals (issue 22). */
  reserved_count: ColumnType<number | string, number | undefined, number | string>;
  sold_count: ColumnType<number | string, number | undefined, number | string>;
}

export interface UsersTable {
  id: Generated<number>;
  login_provider: ColumnType<number, number | undefined, number>;
  social_subject: string | null;
  login_id: string | null;
  password_hash: string | null;
  phone_hash: string | null;
  phone_masked: ColumnType<string, string | undefined, string>;
  email: string | null;
  nickname: string;
  real_name: string | null;
  profile_image_url: ColumnType<string, string | undefined, string>;
  user_level: ColumnType<number, number | undefined, number>;
  expert_type: ColumnType<number, number | undefined, number>;
  expert_name: string | null;
  office_name: string | null;
  office_dept: string | null;
  introduction: string | null;
  sanction_state: ColumnType<number, number | undefined, number>;
  /** When the current sanction lifts by itself; null while it has no end (or there is none). */
  sanction_ends_at: NullableTimestamp;
  ci_enc: ColumnType<string | null, string | null | undefined, string | null>;
  di_hash: ColumnType<string | null, string | null | undefined, string | null>;
  marketing_flag: ColumnType<boolean, boolean | undefined, boolean>;
  nighttime_alarm_flag: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** 'ADMIN', 'MODERATOR' or 'EDITOR' for operators; null for members. The first with `npm run staff:grant`. */
  staff_role: ColumnType<string | null, string | null | undefined, string | null>;
  /** When an operator last ended every session (a record: revoking the refresh-token families is what ends them). */
  sessions_revoked_at: NullableTimestamp;
  /** Expert review (decision 0016): PENDING, APPROVED or REJECTED for PB and CTA members; null for others. */
  expert_status: ColumnType<ExpertStatus | null, ExpertStatus | null | undefined, ExpertStatus | null>;
  /** The business card or certificate the member sent (one of our uploads). */
  expert_proof_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** When that proof was sent: the operators' queue is oldest first. */
  expert_submitted_at: NullableTimestamp;
  expert_reject_reason: ColumnType<string | null, string | null | undefined, string | null>;
  expert_decided_by: ColumnType<number | null, number | null | undefined, number | null>;
  expert_decided_at: NullableTimestamp;
  /** What others may see (generated): the claim while APPROVED, else NORMAL (0) and no name. */
  public_expert_type: GeneratedAlways<number>;
  public_expert_name: GeneratedAlways<string | null>;
  last_sign_in_at: NullableTimestamp;
}

export interface StaffAccessLogTable {
  id: Generated<number | string>;
  staff_user_id: number;
  target_user_id: number | null;
  action: string;
  detail: ColumnType<string, string | undefined, string>;
  ip: string | null;
  at: Timestamp;
}

export interface RefreshTokensTable {
  id: Generated<number | string>;
  user_id: number;
  family_id: string;
  token_hash: string;
  expires_at: Timestamp;
  family_expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
}

export interface SmsCodesTable {
  id: Generated<number | string>;
  phone_hash: string;
  code_hash: string;
  ip: string;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  superseded_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
}

export interface SmsFailuresTable {
  id: Generated<number | string>;
  phone_hash: string;
  at: Timestamp;
}

export interface VerificationTicketsTable {
  ticket_hash: string;
  phone_hash: string;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
}

export interface DevSmsOutboxTable {
  id: Generated<number | string>;
  phone: string;
  text: string;
  sent_at: Timestamp;
}

export interface AuthFailuresTable {
  id: Generated<number | string>;
  key: string;
  at: Timestamp;
}

export interface RateLimitCountersTable {
  key: string;
  hits: number;
  expires_at: Timestamp;
}

export interface IdentityRequestsTable {
  token_hash: string;
  user_id: number | null;
  ci_enc: string | null;
  di_hash: string | null;
  verified_name: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  completed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface FavoritesTable {
  user_id: number;
  company_id: number;
  sort_order: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  /** A new listing on this company notifies its member (issue 23), optionally only at or better than a price. */
  listing_alert: ColumnType<boolean, boolean | undefined, boolean>;
  listing_alert_price: ColumnType<number | string | null, number | null | undefined, number | null>;
}

export interface OpinionsTable {
  id: Generated<number | string>;
  company_id: number;
  user_id: number;
  body: string;
  status: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface ReportsTable {
  id: Generated<number | string>;
  reporter_id: number;
  target_type: 'trade' | 'opinion' | 'conversation';
  target_id: number | string;
  reason: number;
  detail: ColumnType<string, string | undefined, string>;
  status: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

export interface SanctionsTable {
  id: Generated<number | string>;
  user_id: number;
  state: number;
  reason: ColumnType<string, string | undefined, string>;
  starts_at: Timestamp;
  ends_at: NullableTimestamp;
  created_by: number | null;
  created_at: Timestamp;
}

export interface PageViewMarksTable {
  key: string;
  company_id: number;
  until: Timestamp;
  hits: ColumnType<number, number | undefined, number>;
}

export interface ReviewQueueTable {
  id: Generated<number | string>;
  kind: 'SCAM_TEXT' | 'BROKER_PATTERN';
  target_type: 'OPINION' | 'USER';
  target_id: number | string;
  user_id: number;
  reasons: ColumnType<string[], string[] | undefined, string[]>;
  created_at: Timestamp;
  resolved_at: NullableTimestamp;
  resolved_by: number | null;
}

export interface AuditLogTable {
  id: Generated<number | string>;
  /** The operator signed in to the console; null for an entry the command line wrote. */
  staff_user_id: number | null;
  /** Who acted outside the console, e.g. 'cli:root@web-1' (`npm run staff:grant`); null for the console. */
  actor: ColumnType<string | null, string | null | undefined, never>;
  action: string;
  target_type: string;
  target_id: string;
  detail: ColumnType<string, string | undefined, string>;
  ip: ColumnType<string, string | undefined, string>;
  at: Timestamp;
}

export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  route: string;
  request_hash: ColumnType<string, string | undefined, string>;
  status_code: number | null;
  response_body: string | null;
  created_at: Timestamp;
}

export interface PriceEntriesTable {
  id: Generated<number | string>;
  company_id: number;
  price: number | string;
  note: string;
  /** The company's price when the entry was made. */
  basis: number | string;
  status: ColumnType<'PENDING' | 'APPLIED' | 'REJECTED', 'PENDING' | undefined, 'APPLIED' | 'REJECTED'>;
  entered_by: number;
  entered_at: Timestamp;
  decided_by: number | null;
  decided_at: NullableTimestamp;
  decision_note: ColumnType<string, string | undefined, string>;
}

export interface ConversationsTable {
  id: Generated<number | string>;
  trade_id: number | string;
  owner_id: number;
  member_id: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_message_id: ColumnType<number | string, number | undefined, number | string>;
  owner_read_id: ColumnType<number | string, number | undefined, number | string>;
  member_read_id: ColumnType<number | string, number | undefined, number | string>;
}

export interface DealsTable {
  id: Generated<number | string>;
  conversation_id: number | string;
  trade_id: number | string;
  company_id: number;
  seller_id: number;
  buyer_id: number;
  stock_count: number | string;
  stock_per_price: number | string;
  status: string;
  proposed_by: number;
  awaiting: number | null;
  seller_confirmed_at: NullableTimestamp;
  buyer_confirmed_at: NullableTimestamp;
  agreed_at: NullableTimestamp;
  lapses_at: NullableTimestamp;
  ended_at: NullableTimestamp;
  decline_reason: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MessagesTable {
  id: Generated<number | string>;
  conversation_id: number | string;
  sender_id: number | null;
  kind: string;
  text: ColumnType<string, string | undefined, string>;
  deal_id: number | string | null;
  stock_count: number | string | null;
  stock_per_price: number | string | null;
  cautions: ColumnType<string[], string[] | undefined, string[]>;
  created_at: Timestamp;
}

export interface DealReviewsTable {
  deal_id: number | string;
  reviewer_id: number;
  reviewee_id: number;
  good: boolean;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  text: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
}

export interface MemberBlocksTable {
  blocker_id: number;
  blocked_id: number;
  created_at: Timestamp;
}

export interface NotificationsTable {
  id: Generated<number | string>;
  user_id: number;
  kind: string;
  title: string;
  body: ColumnType<string, string | undefined, string>;
  url: ColumnType<string, string | undefined, string>;
  dedupe_key: string;
  coalesce_key: string | null;
  created_at: Timestamp;
  read_at: NullableTimestamp;
}

export interface NotificationDeliveriesTable {
  notification_id: number | string;
  channel: string;
  state: string;
  targets: ColumnType<number, number | undefined, number>;
  at: Timestamp;
}

export interface NotificationSettingsTable {
  user_id: number;
  groups: ColumnType<Record<string, Record<string, boolean>>, string, string>;
  updated_at: Timestamp;
}

export interface PriceAlertsTable {
  id: Generated<number | string>;
  user_id: number;
  company_id: number;
  direction: 'ABOVE' | 'BELOW';
  price: number | string;
  last_fired_day: ColumnType<string | null, string | null | undefined, string | null>;
  last_fired_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface CampaignsTable {
  id: Generated<number | string>;
  title: string;
  body: string;
  url: ColumnType<string, string | undefined, string>;
  created_by: number;
  created_at: Timestamp;
}

export interface CampaignHoldsTable {
  campaign_id: number | string;
  user_id: number;
  release_at: Timestamp;
}

export interface SignInDevicesTable {
  user_id: number;
  device_key: string;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
}

/** A browser's Web Push subscription (issue 23): owned by notification/push. */
export interface PushSubscriptionsTable {
  id: Generated<number | string>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  last_success_at: NullableTimestamp;
}

/** An app's FCM registration token (issue 23): owned by notification/push. Platform 1 Android, 2 iOS, 3 Web. */
export interface DeviceTokensTable {
  id: Generated<number | string>;
  user_id: number;
  token: string;
  platform: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
}

/** A visitors' page as rendered, shared by the instances (issue 24, decision 0034): owned by ssr/page-store. */
export interface RenderedPagesTable {
  key: string;
  tags: string[];
  status: number;
  headers: ColumnType<Array<[string, string]>, string, string>;
  nonce: string;
  /** base64 of the gzip stream */
  gzip: string;
  gzip_index: ColumnType<{ slots: number[]; base: number; markCrc: number; columns: number[] }, string, string>;
  rendered_at: Timestamp;
  expires_at: Timestamp;
}

export interface Database {
  rendered_pages: RenderedPagesTable;
  notifications: NotificationsTable;
  notification_deliveries: NotificationDeliveriesTable;
  notification_settings: NotificationSettingsTable;
  price_alerts: PriceAlertsTable;
  campaigns: CampaignsTable;
  campaign_holds: CampaignHoldsTable;
  sign_in_devices: SignInDevicesTable;
  push_subscriptions: PushSubscriptionsTable;
  device_tokens: DeviceTokensTable;
  conversations: ConversationsTable;
  deals: DealsTable;
  messages: MessagesTable;
  deal_reviews: DealReviewsTable;
  member_blocks: MemberBlocksTable;
  price_entries: PriceEntriesTable;
  staff_access_log: StaffAccessLogTable;
  favorites: FavoritesTable;
  opinions: OpinionsTable;
  reports: ReportsTable;
  sanctions: SanctionsTable;
  page_view_marks: PageViewMarksTable;
  review_queue: ReviewQueueTable;
  audit_log: AuditLogTable;
  idempotency_keys: IdempotencyKeysTable;
  identity_requests: IdentityRequestsTable;
  auth_failures: AuthFailuresTable;
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  sms_codes: SmsCodesTable;
  sms_failures: SmsFailuresTable;
  verification_tickets: VerificationTicketsTable;
  dev_sms_outbox: DevSmsOutboxTable;
  rate_limit_counters: RateLimitCountersTable;
  trades: TradesTable;
  companies: CompaniesTable;
  company_financials: CompanyFinancialsTable;
  price_bars: PriceBarsTable;
  trade_price_marks: TradePriceMarksTable;
  company_daily_views: CompanyDailyViewsTable;
  page_views: PageViewsTable;
  contents: ContentsTable;
  app_meta: AppMetaTable;
}
