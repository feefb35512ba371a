import {
  adminAuditEntrySchema,
  adminAuditQuery,
  adminCautionsSchema,
  adminCompaniesQuery,
  adminCompanyRowSchema,
  adminContentKindParams,
  adminContentRowSchema,
  adminConversationSchema,
  adminMemberRowSchema,
  adminMembersQuery,
  adminPinnedRowSchema,
  adminPriceEntriesQuery,
  adminPriceEntrySchema,
  adminPriceReviewRowSchema,
  adminQueueQuery,
  adminReportsQuery,
  type ChartRange,
  type ContentKind,
  chartQuery,
  chartSchema,
  companyFinancialSchema,
  companyInfoSchema,
  contentDetailSchema,
  contentSummarySchema,
  conversationDetailSchema,
  conversationListSchema,
  envelope,
  idParam,
  memberPageSchema,
  messageSchema,
  messagesQuery,
  notificationListSchema,
  notificationSettingsSchema,
  pagedEnvelope,
  pagingQuery,
  priceAlertSchema,
  type RankingPeriod,
  rankingParams,
  type StaffArea,
  type StaffRole,
  stockListQuery,
  stockProfileSchema,
  stockSummarySchema,
  tradeListQuery,
  tradeSchema,
  unreadSchema,
  userDetailSchema,
} from '@beesang/contract';
import { z } from 'zod';
import type { Clock } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';
import { type AuthService, activeMember } from '../modules/auth/auth.service.ts';
import type { SocialService } from '../modules/auth/social/social.service.ts';
import type { UserRow } from '../modules/auth/users.repository.ts';
import type { ContentService } from '../modules/content/content.service.ts';
import type { DealModule } from '../modules/deal/deal.module.ts';
import { expertQueueSchema } from '../modules/expert/admin-expert.routes.ts';
import type { ExpertService } from '../modules/expert/expert.service.ts';
import type { FavoriteService } from '../modules/favorite/favorite.service.ts';
import type { NotificationModule } from '../modules/notification/notification.module.ts';
import type { AdminConversationsService } from '../modules/staff/admin-conversations.service.ts';
import { proofQueueSchema, reportQueueSchema, reviewQueueSchema } from '../modules/staff/admin-market.routes.ts';
import type { AdminMarketService } from '../modules/staff/admin-market.service.ts';
import type { AdminMembersService } from '../modules/staff/admin-members.service.ts';
import { auditFilter } from '../modules/staff/staff.routes.ts';
import { admitStaff } from '../modules/staff/staff-guard.ts';
import type { CompanyAdminService } from '../modules/stock/company-admin.service.ts';
import type { StockService } from '../modules/stock/stock.service.ts';
import type { TradeService } from '../modules/trade/trade.service.ts';
import { admitMember } from '../plugins/auth.ts';
import { serializerFor } from '../plugins/serializer.ts';
import { PAGE_TAGS } from './page-cache.ts';

export interface SsrReadServices {
  clock: Clock;
  auth: AuthService;
  stocks: StockService;
  favorites: FavoriteService;
  trades: TradeService;
  contents: ContentService;
  social: SocialService;
  market: AdminMarketService;
  adminConversations: AdminConversationsService;
  admin: AdminMembersService;
  companies: CompanyAdminService;
  experts: ExpertService;
  deals: DealModule;
  notify: NotificationModule;
}

const KST_OFFSET_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;

/** Milliseconds from `now` to the next midnight in Seoul (no daylight saving there). */
export function untilSeoulMidnight(now: Date): number {
  const kst = now.getTime() + KST_OFFSET_MS;
  return DAY_MS - (((kst % DAY_MS) + DAY_MS) % DAY_MS);
}

/** Who a page is rendered for: the access token the request carries, and its client address (access log). */
export interface SsrRequester {
  accessToken: string | undefined;
  ip: string;
}

/** The route's input check: its schema, and its 400 (with the same code) when the input fails it. */
function parse<S extends z.ZodType>(schema: S, value: z.input<S>): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AppError(400, 'invalidInput', 'BAD_REQUEST');
  return parsed.data;
}

const contentKind = (kind: ContentKind) => parse(adminContentKindParams, { kind }).kind;

/**
 * A result as its route sends it: through the route's own response schema and serialiser (only the
 * declared fields, in the declared types), read back. What a service returns is not always that
 * (a count from the database as a string, say); the page must get what the API would have sent.
 */
function shaper<S extends z.ZodType<{ result: unknown }>>(response: S): (result: unknown) => z.output<S>['result'] {
  const write = serializerFor(response);
  return (result) => (JSON.parse(write({ result })) as z.output<S>).result;
}

/** The response schemas of the routes the reads stand for (200), each serialiser compiled once. */
function shapers() {
  return {
    summaries: shaper(envelope(z.array(stockSummarySchema))),
    summaryPage: shaper(pagedEnvelope(stockSummarySchema)),
    profile: shaper(envelope(stockProfileSchema)),
    info: shaper(envelope(companyInfoSchema)),
    financial: shaper(envelope(companyFinancialSchema)),
    chart: shaper(envelope(chartSchema)),
    tradePage: shaper(pagedEnvelope(tradeSchema)),
    contentPage: shaper(pagedEnvelope(contentSummarySchema)),
    content: shaper(envelope(contentDetailSchema)),
    names: shaper(envelope(z.array(z.string()))),
    me: shaper(envelope(userDetailSchema)),
    reports: shaper(envelope(reportQueueSchema)),
    review: shaper(envelope(reviewQueueSchema)),
    proofs: shaper(envelope(proofQueueSchema)),
    experts: shaper(envelope(expertQueueSchema)),
    priceReview: shaper(pagedEnvelope(adminPriceReviewRowSchema)),
    priceEntries: shaper(pagedEnvelope(adminPriceEntrySchema)),
    pins: shaper(pagedEnvelope(adminPinnedRowSchema)),
    members: shaper(pagedEnvelope(adminMemberRowSchema)),
    adminContent: shaper(pagedEnvelope(adminContentRowSchema)),
    companies: shaper(pagedEnvelope(adminCompanyRowSchema)),
    audit: shaper(pagedEnvelope(adminAuditEntrySchema)),
    adminConversation: shaper(envelope(adminConversationSchema)),
    cautions: shaper(envelope(adminCautionsSchema)),
    conversations: shaper(envelope(conversationListSchema)),
    conversation: shaper(envelope(conversationDetailSchema)),
    messages: shaper(envelope(z.object({ data: z.array(messageSchema) }))),
    unread: shaper(envelope(unreadSchema)),
    memberPage: shaper(envelope(memberPageSchema)),
    notifications: shaper(envelope(notificationListSchema)),
    notificationSettings: shaper(envelope(notificationSettingsSchema)),
    priceAlerts: shaper(envelope(z.object({ data: z.array(priceAlertSchema) }))),
  };
}

/**
 * The reads SSR loaders make (apps/web/app/lib/ssr-reads.ts), in process: each is the service call
 * its GET route makes, after the same input schema and the same access rule (401/403 as AppError,
 * which carries the route's status), shaped by the same response schema. Bound to one request: its member is resolved once, on the
 * first read that needs them. `tags` collects what the page depends on, for the page cache.
 */
export function createSsrReads(s: SsrReadServices) {
  const as = shapers();
  return (requester: SsrRequester, tags: Set<string>) => {
    let holder: Promise<UserRow | null> | undefined;
    const holderOf = () => {
      holder ??= s.auth.holderOf(requester.accessToken);
      return holder;
    };
    /** The reader of a public route (null for a visitor), as optionalMemberId sees them. */
    const viewerId = async () => activeMember(await holderOf())?.id ?? null;
    const member = async () => admitMember(await holderOf());
    const staff = async (area: StaffArea) => admitStaff(await member(), area);
    // A company's row, price, 호가, chart and financials: every change is announced (the company and
    // listings topics); the chart's window moves at midnight (Seoul), so they vouch until then.
    const company = (id: number) => {
      const companyId = parse(idParam, id);
      tags.add(PAGE_TAGS.company(companyId));
      tags.add(PAGE_TAGS.keep(untilSeoulMidnight(s.clock.now())));
      return companyId;
    };

    return {
      async ranking(period: RankingPeriod, count: number) {
        const p = parse(rankingParams, { period, count });
        tags.add(PAGE_TAGS.market);
        return as.summaries(await s.stocks.ranking(p.period, p.count));
      },
      async stockList(query: z.input<typeof stockListQuery>) {
        const q = parse(stockListQuery, query);
        tags.add(PAGE_TAGS.market);
        return as.summaryPage(await s.stocks.list(q));
      },
      async stockProfile(id: number) {
        const companyId = company(id);
        const viewer = await viewerId();
        const favorite = viewer === null ? false : (await s.favorites.favoritesOf(viewer)).ids.has(companyId);
        return as.profile(await s.stocks.profile(companyId, favorite));
      },
      async companyInfo(id: number) {
        return as.info(await s.stocks.info(company(id)));
      },
      async companyFinancial(id: number) {
        return as.financial(await s.stocks.financial(company(id)));
      },
      async chart(id: number, range: ChartRange) {
        const companyId = company(id);
        return as.chart(await s.stocks.chart(companyId, parse(chartQuery, { range }).range));
      },
      async companyTrades(companyIdx: number, query: z.input<typeof tradeListQuery>) {
        const companyId = company(companyIdx);
        const q = parse(tradeListQuery, query);
        const page = await s.trades.listByCompany(companyId, q, await viewerId());
        // Kept until the first listing expires or loses its pin; a writer's rename drops it.
        tags.add(PAGE_TAGS.keep(page.unchangedForMs));
        for (const trade of page.data) tags.add(PAGE_TAGS.member(trade.writer.userIdx));
        return as.tradePage(page);
      },
      async contentList(kind: ContentKind, page: number, size: number) {
        const k = contentKind(kind);
        const q = parse(pagingQuery, { page, size });
        tags.add(PAGE_TAGS.content);
        return as.contentPage(await s.contents.list(k, q.page, q.size));
      },
      async contentDetail(kind: ContentKind, id: number) {
        const k = contentKind(kind);
        const postId = parse(idParam, id);
        tags.add(PAGE_TAGS.content);
        return as.content(await s.contents.detail(k, postId));
      },
      async socialProviders() {
        return as.names(s.social.configured());
      },

      async conversations(query: z.input<typeof pagingQuery>) {
        const q = parse(pagingQuery, query);
        return as.conversations(await s.deals.conversations.list(await member(), q.page, q.size));
      },
      async conversation(id: number) {
        return as.conversation(await s.deals.conversations.detail(await member(), parse(idParam, id)));
      },
      async conversationMessages(id: number, after = 0) {
        const q = parse(messagesQuery, { after });
        return as.messages(await s.deals.conversations.messages(await member(), parse(idParam, id), q.after));
      },
      async unreadMessages() {
        return as.unread(await s.deals.conversations.unread((await member()).id));
      },
      async memberPage(userIdx: number) {
        const id = parse(idParam, userIdx);
        // A member's page changes with their reviews and trades, and with the listings on it.
        tags.add(PAGE_TAGS.member(id));
        tags.add(PAGE_TAGS.market);
        return as.memberPage(await s.deals.reviews.page(id, await viewerId()));
      },

      async notifications(query: z.input<typeof pagingQuery>) {
        const q = parse(pagingQuery, query);
        return as.notifications(await s.notify.notifications.list((await member()).id, q.page, q.size));
      },
      async unreadNotifications() {
        return as.unread(await s.notify.notifications.unread((await member()).id));
      },
      async notificationSettings() {
        return as.notificationSettings(await s.notify.settings.get((await member()).id));
      },
      async priceAlerts(companyIdx?: number) {
        const companyId = companyIdx === undefined ? undefined : parse(idParam, companyIdx);
        return as.priceAlerts(await s.notify.alerts.list((await member()).id, companyId));
      },

      async me() {
        return as.me(s.auth.detail(await member()));
      },
      async favorites(page: number, size: number) {
        const p = parse(idParam, page);
        const q = parse(pagingQuery.pick({ size: true }), { size });
        return as.summaryPage(await s.favorites.list((await member()).id, p, q.size));
      },
      async myTrades(query: z.input<typeof tradeListQuery>) {
        const q = parse(tradeListQuery, query);
        return as.tradePage(await s.trades.mine(await member(), q));
      },

      async adminReports(query: z.input<typeof adminReportsQuery>) {
        const q = parse(adminReportsQuery, query);
        await staff('reports');
        return as.reports(await s.market.reports(q.status === 'OPEN', q.type, q.page, q.size));
      },
      /** Each call is a reading, audited like the route's: a page renders one per visit. */
      async adminConversation(id: number) {
        const conversationId = parse(idParam, id);
        const actor = await staff('reports');
        return as.adminConversation(
          await s.adminConversations.read({ id: actor.id, role: actor.staff_role as StaffRole, ip: requester.ip }, conversationId),
        );
      },
      async adminCautions() {
        await staff('reports');
        return as.cautions(await s.adminConversations.cautions());
      },
      async adminReview(query: z.input<typeof adminQueueQuery>) {
        const q = parse(adminQueueQuery, query);
        await staff('reports');
        return as.review(await s.market.review(q.page, q.size));
      },
      async adminProofs(query: z.input<typeof adminQueueQuery>) {
        const q = parse(adminQueueQuery, query);
        await staff('proofs');
        return as.proofs(await s.market.proofs(q.page, q.size));
      },
      async adminExperts(query: z.input<typeof adminQueueQuery>) {
        const q = parse(adminQueueQuery, query);
        const actor = await staff('experts');
        return as.experts(await s.experts.queue({ id: actor.id, role: actor.staff_role as StaffRole, ip: requester.ip }, q.page, q.size));
      },
      async adminPriceReview(query: z.input<typeof adminQueueQuery>) {
        const q = parse(adminQueueQuery, query);
        await staff('prices');
        return as.priceReview(await s.market.priceReview(q.page, q.size));
      },
      async adminPriceEntries(query: z.input<typeof adminPriceEntriesQuery>) {
        const q = parse(adminPriceEntriesQuery, query);
        await staff('prices');
        return as.priceEntries(await s.market.priceEntries(q.status, q.page, q.size));
      },
      async adminPins(query: z.input<typeof adminQueueQuery>) {
        const q = parse(adminQueueQuery, query);
        await staff('topFix');
        return as.pins(await s.market.pinned(q.page, q.size));
      },
      async adminMembers(query: z.input<typeof adminMembersQuery>) {
        const q = parse(adminMembersQuery, query);
        const actor = await staff('members');
        return as.members(
          await s.admin.search({ id: actor.id, role: actor.staff_role as StaffRole, ip: requester.ip }, q.query, q.page, q.size),
        );
      },
      async adminContent(kind: ContentKind, query: z.input<typeof adminQueueQuery>) {
        const k = contentKind(kind);
        const q = parse(adminQueueQuery, query);
        await staff('content');
        return as.adminContent(await s.contents.adminList(k, q.page, q.size));
      },
      async adminCompanies(query: z.input<typeof adminCompaniesQuery>) {
        const q = parse(adminCompaniesQuery, query);
        await staff('companies');
        return as.companies(await s.companies.list(q.query, q.page, q.size));
      },
      async adminAudit(query: z.input<typeof adminAuditQuery>) {
        const q = parse(adminAuditQuery, query);
        await staff('audit');
        return as.audit(await s.admin.auditLog(auditFilter(q), q.page, q.size));
      },
    };
  };
}

export type SsrReadsFor = ReturnType<typeof createSsrReads>;
export type ApiSsrReads = ReturnType<SsrReadsFor>;
