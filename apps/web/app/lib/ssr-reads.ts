import type {
  AdminAuditEntry,
  AdminCautions,
  AdminCompanyRow,
  AdminContentRow,
  AdminConversation,
  AdminExpertRow,
  AdminMemberRow,
  AdminPinnedRow,
  AdminPriceEntry,
  AdminPriceReviewRow,
  AdminReportGroup,
  AdminReviewItem,
  adminAuditQuery,
  adminCompaniesQuery,
  adminMembersQuery,
  adminPriceEntriesQuery,
  adminQueueQuery,
  adminReportsQuery,
  ChartRange,
  CompanyInfo,
  ContentDetail,
  ContentKind,
  ContentSummary,
  ConversationDetail,
  ConversationSummary,
  chartSchema,
  companyFinancialSchema,
  MemberPage,
  Message,
  Notification,
  NotificationSettings,
  PriceAlert,
  RankingPeriod,
  StockProfile,
  StockSummary,
  stockListQuery,
  Trade,
  tradeListQuery,
  UserDetail,
} from '@beesang/contract';
import type { z } from 'zod';

/**
 * What server loaders read, as typed functions: the server implements each with the same service
 * call (and the same input schema and access rule) as the GET route named beside it, in process.
 * An instance is bound to one request: the member behind its session cookie is resolved once, on
 * the first read that needs them. Pure types on contract types only; the API implements this
 * interface without importing the web (scripts/testing/ssr-reads-conformance.ts checks that it does).
 *
 * A read the route would refuse rejects with an `SsrReadFailure` whose `statusCode` is the route's
 * answer (400 bad input, 401 no session, 403 suspended or not staff, 404 missing); anything else
 * (a database failure) rejects as an ordinary error.
 */
export interface SsrReads {
  /** GET /api/v2/stock/ranking-list/:period/:count */
  ranking(period: RankingPeriod, count: number): Promise<StockSummary[]>;
  /** GET /api/v2/stock/list */
  stockList(query: z.input<typeof stockListQuery>): Promise<Paged<StockSummary>>;
  /** GET /api/v2/stock/profile/:id (the star is the signed-in reader's) */
  stockProfile(id: number): Promise<StockProfile>;
  /** GET /api/v2/stock/company/info/:id */
  companyInfo(id: number): Promise<CompanyInfo>;
  /** GET /api/v2/stock/company/financial/:id */
  companyFinancial(id: number): Promise<z.infer<typeof companyFinancialSchema>>;
  /** GET /api/stock/chart/:id?range= */
  chart(id: number, range: ChartRange): Promise<z.infer<typeof chartSchema>>;
  /** GET /api/v2/trade/all/company/:companyIdx ("mine" flags are the signed-in reader's) */
  companyTrades(companyIdx: number, query: z.input<typeof tradeListQuery>): Promise<Paged<Trade>>;
  /** GET /api/v2/{kind}/list */
  contentList(kind: ContentKind, page: number, size: number): Promise<Paged<ContentSummary>>;
  /** GET /api/v2/{kind}/:id */
  contentDetail(kind: ContentKind, id: number): Promise<ContentDetail>;
  /** GET /api/auth/social/providers */
  socialProviders(): Promise<string[]>;
  /** GET /api/members/:userIdx (a member's public page; 404 for no such member) */
  memberPage(userIdx: number): Promise<MemberPage>;

  /** GET /api/user/myPage/detail (member only) */
  me(): Promise<UserDetail>;
  /** GET /api/stock/favorite/stock/list/:page (member only) */
  favorites(page: number, size: number): Promise<Paged<StockSummary>>;
  /** GET /api/trade/my (member only) */
  myTrades(query: z.input<typeof tradeListQuery>): Promise<Paged<Trade>>;
  /** GET /api/conversations?page&size (member only): newest first, with the unread count over all */
  conversations(query: { page?: number; size?: number }): Promise<ConversationList>;
  /** GET /api/conversations/:id (member only; 404 unless the member is one of its two sides) */
  conversation(id: number): Promise<ConversationDetail>;
  /** GET /api/conversations/:id/messages?after= (member only): ascending, at most 100 after the id */
  conversationMessages(id: number, after?: number): Promise<{ data: Message[] }>;
  /** GET /api/conversations/unread (member only): the header's badge */
  unreadMessages(): Promise<{ unreadCount: number }>;
  /** GET /api/notifications?page&size (member only): newest first, with the unread count over all (issue 23) */
  notifications(query: { page?: number; size?: number }): Promise<NotificationList>;
  /** GET /api/notifications/unread (member only): the header's bell */
  unreadNotifications(): Promise<{ unreadCount: number }>;
  /** GET /api/notifications/settings (member only): per group and channel, and the advertising consents */
  notificationSettings(): Promise<NotificationSettings>;
  /** GET /api/price-alerts (member only): every price alert of the member */
  priceAlerts(): Promise<{ data: PriceAlert[] }>;

  /** GET /api/admin/reports (staff: reports) */
  adminReports(query: z.input<typeof adminReportsQuery>): Promise<Queue<AdminReportGroup>>;
  /** GET /api/admin/conversations/:id (staff: reports; a reported conversation only; every call is an audited reading) */
  adminConversation(id: number): Promise<AdminConversation>;
  /** GET /api/admin/cautions (staff: reports) */
  adminCautions(): Promise<AdminCautions>;
  /** GET /api/admin/review (staff: reports) */
  adminReview(query: z.input<typeof adminQueueQuery>): Promise<Queue<AdminReviewItem>>;
  /** GET /api/admin/proofs (staff: proofs) */
  adminProofs(query: z.input<typeof adminQueueQuery>): Promise<Queue<Trade & { ownerIdx: number }>>;
  /** GET /api/admin/experts (staff: experts; written to the access log like the route) */
  adminExperts(query: z.input<typeof adminQueueQuery>): Promise<Queue<AdminExpertRow>>;
  /** GET /api/admin/price-review (staff: prices) */
  adminPriceReview(query: z.input<typeof adminQueueQuery>): Promise<Paged<AdminPriceReviewRow>>;
  /** GET /api/admin/price-entries (staff: prices) */
  adminPriceEntries(query: z.input<typeof adminPriceEntriesQuery>): Promise<Paged<AdminPriceEntry>>;
  /** GET /api/admin/top-fix (staff: topFix) */
  adminPins(query: z.input<typeof adminQueueQuery>): Promise<Paged<AdminPinnedRow>>;
  /** GET /api/admin/members (staff: members; written to the access log like the route) */
  adminMembers(query: z.input<typeof adminMembersQuery>): Promise<Paged<AdminMemberRow>>;
  /** GET /api/admin/content/:kind (staff: content) */
  adminContent(kind: ContentKind, query: z.input<typeof adminQueueQuery>): Promise<Paged<AdminContentRow>>;
  /** GET /api/admin/companies (staff: companies) */
  adminCompanies(query: z.input<typeof adminCompaniesQuery>): Promise<Paged<AdminCompanyRow>>;
  /** GET /api/admin/audit (staff: audit) */
  adminAudit(query: z.input<typeof adminAuditQuery>): Promise<Paged<AdminAuditEntry>>;
}

/** The member's conversations, as GET /api/conversations answers. */
export interface ConversationList {
  data: ConversationSummary[];
  total: number;
  unreadCount: number;
}

/** The member's notifications, as GET /api/notifications answers (notificationListSchema). */
export interface NotificationList extends Paged<Notification> {
  unreadCount: number;
}

/** One page of a list, as the API answers it. */
export interface Paged<T> {
  data: T[];
  total: number;
  page: number;
  size: number;
}

/** A waiting queue: a page plus when its longest-waiting item arrived (ISO), null when empty. */
export interface Queue<T> extends Paged<T> {
  oldestWaitingSince: string | null;
}

/** How a read says its route would not answer 200: the route's status and error code. */
export interface SsrReadFailure extends Error {
  statusCode: number;
  code: string;
}

/** Structured logging of the request being rendered (the server's logger, with its request id). */
export interface SsrLog {
  error(error: unknown, message: string): void;
  warn(error: unknown, message: string): void;
}

/** What the server hands to loaders for one request. */
export interface SsrBridge {
  reads: SsrReads;
  log: SsrLog;
  /** Whether the demo data is loaded (the site shows its mark). */
  demoData(): boolean;
  publicUrl: string;
  /** INTRO_URL: the external page the header's 서비스 소개 opens; absent: the site's own /intro. */
  introUrl?: string | undefined;
  /** This response's Content-Security-Policy nonce: every inline script of the page carries it. */
  nonce: string;
  /**
   * The request carried a session, but the page is the one every visitor gets (shared and cached,
   * issue 24): the browser loads its member after it arrives (SessionProvider).
   */
  memberPending?: boolean;
}
