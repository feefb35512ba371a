import {
  BROKER_PATTERN_COMPANIES,
  BROKER_PATTERN_WINDOW_MS,
  ExpertType,
  LISTING_LIFETIME_DAYS,
  ListingStatus,
  ProofCheckStatus,
  SanctionState,
  type Trade,
  type TradeCreateData,
  type TradeListQuery,
  TradeType,
  type TradeUpdateData,
  UserLevel,
} from '@beesang/contract';
import type { Db } from '../../db/database.ts';
import { idempotent } from '../../db/idempotency.ts';
import { afterCommit, unitOfWork } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DomainEventBus } from '../../lib/domain-events.ts';
import { AppError } from '../../lib/errors.ts';
import { type InvalidationBus, TOPICS } from '../../lib/invalidation.ts';
import { createMemberView } from '../../lib/member-view.ts';
import { createTtlCache, standingRead } from '../../lib/ttl-cache.ts';
import type { ReportService } from '../report/report.service.ts';
import type { ReviewService } from '../review/review.service.ts';
import type { PriceService } from '../stock/price/price.service.ts';
import type { StockService } from '../stock/stock.service.ts';
import { createTradeRepository, type TradeRepository, type TradeRow } from './trade.repository.ts';

const DAY_MS = 86_400_000;
const EXPERT_NAMES = Object.fromEntries(Object.entries(ExpertType).map(([name, code]) => [code, name])) as Record<number, string>;

type Member = { id: number; user_level: number; sanction_state: number };

/** Listings may be written by verified members whose sanctions allow it (issue 4 §1). */
function assertMayTrade(member: Member) {
  if (member.sanction_state >= SanctionState.STOP_TRADE) throw new AppError(403, 'sanctionStopTrade', 'SANCTIONED');
  if (member.user_level < UserLevel.REGULAR) throw new AppError(403, 'identityRequired', 'IDENTITY_REQUIRED');
}

/** What a listing says of its owner besides the row: finishes counted toward a price, upheld reports, and deals (issue 22). */
export interface OwnerTrust {
  counted: number;
  upheld: number;
  confirmed: number;
  good: number;
  bad: number;
}
const NO_TRUST: OwnerTrust = { counted: 0, upheld: 0, confirmed: 0, good: 0, bad: 0 };

/** Shares of a listing not yet agreed or sold in deals. */
export const openCountOf = (r: Pick<TradeRow, 'stock_count' | 'reserved_count' | 'sold_count'>) =>
  Number(r.stock_count) - Number(r.reserved_count) - Number(r.sold_count);

function toTrade(r: TradeRow, viewerId: number | null, reported: boolean, trust: OwnerTrust): Trade {
  const count = Number(r.stock_count);
  const price = Number(r.stock_per_price);
  const mine = viewerId !== null && r.user_id === viewerId;
  return {
    tradeIdx: Number(r.id),
    companyIdx: r.company_id,
    companyName: r.company_name,
    companyLogoUrl: r.company_logo_url,
    tradeType: r.trade_type,
    stockCount: count,
    openStockCount: openCountOf(r),
    stockPerPrice: price,
    totalPrice: count * price,
    stockCountNegotiationFlag: r.count_negotiable,
    stockPriceNegotiationFlag: r.price_negotiable,
    tradeStatus: Number(r.status),
    listPin: r.list_pin,
    proofType: r.proof_type,
    proofCheckStatus: r.proof_check_status,
    stockTradeProofImageUrl: mine ? r.proof_image_url : '',
    finishedPrice: r.finished_price === null ? null : Number(r.finished_price),
    writer: {
      userIdx: r.user_id,
      userNickname: r.writer_nickname,
      profileImageUrl: r.writer_image,
      expertType: EXPERT_NAMES[r.writer_expert_type] ?? 'NORMAL',
      expertName: r.writer_expert_name ?? '',
    },
    writerTrust: {
      identityVerified: r.writer_level >= UserLevel.REGULAR,
      memberSince: r.writer_since.toISOString(),
      countedTrades: trust.counted,
      upheldReports: trust.upheld,
      confirmedTrades: trust.confirmed,
      goodReviews: trust.good,
      badReviews: trust.bad,
    },
    isMine: mine,
    isReported: reported,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    expiresAt: r.expires_at.toISOString(),
    finishedAt: r.finished_at?.toISOString() ?? null,
  };
}

/**
 * Buy and sell listings (spec §3 trade params, §4 trade modal, issue 4 rules): created by verified
 * members, changed only by their owner while open, ended after 30 days whatever the job has done,
 * and a finished trade is judged by the price rule.
 */
export function createTradeService(deps: {
  db: Db;
  clock: Clock;
  stocks: StockService;
  /** The price rule: judges each finish inside its transaction. */
  prices: PriceService;
  reports: () => ReportService;
  /** Deals both sides confirmed and the reviews they left, per member (the deal module; issue 22). */
  dealTrust: () => { trustOf(userIds: number[]): Promise<Map<number, { confirmed: number; good: number; bad: number }>> };
  /** Operators' review queue: the broker pattern is queued from here. */
  reviews: ReviewService;
  /** Our own uploads (POST /api/upload/image) are the only images a proof may point to. */
  isOwnUpload: (url: string) => boolean;
  /** Tells every instance that listings changed (their order books and best 호가). */
  bus: InvalidationBus;
  /** Where a posted, ended or judged listing is announced (issue 23). */
  events: DomainEventBus;
}) {
  const { db, clock, stocks, prices, reviews, isOwnUpload, bus } = deps;
  const repo: TradeRepository = createTradeRepository(db);
  // Every reader's open lists (the order book): dropped on every instance by a write to the company's
  // listings, and read again once time alone changes them (a listing expires, a pin ends: `changesAt`)
  // or the clock moved back past the read (tests); a minute at most (decision 0032: a member walking
  // 300 companies' pages came back to each after more than 5 s, so every list was read again).
  const OPEN_LIST_MS = 60_000;
  type KeptList<R> = { rows: R[]; total: number; readAt: number; changesAt: number };
  type ListRead<R> = (now: Date) => Promise<{ rows: R[]; total: number; changesAt?: Date | null }>;
  const reader =
    <R>(load: ListRead<R>, now: Date) =>
    async (): Promise<KeptList<R>> => {
      const r = await load(now);
      return { rows: r.rows, total: r.total, readAt: now.getTime(), changesAt: r.changesAt?.getTime() ?? Number.POSITIVE_INFINITY };
    };
  const openLists = createTtlCache<string, KeptList<TradeRow>>(OPEN_LIST_MS, 2_000);
  const openKey = (...parts: Array<string | number | undefined>) => parts.join(':');
  function openList(key: string, load: ListRead<TradeRow>) {
    const now = clock.now();
    return standingRead<KeptList<TradeRow>>(
      (read) => openLists.get(key, read),
      () => openLists.delete(key),
      now,
      reader(load, now),
    );
  }
  bus.subscribe(TOPICS.listings, () => openLists.clear());
  // Each member's own listings (내 매물) page by page, as answered: a change to a listing is announced
  // with its company and one to a trust line often with no one, so any such message drops every
  // member's; their own account's (nickname, photo) drops theirs; time alone changes them too.
  const ownLists = createMemberView<KeptList<Trade>>({
    bus,
    topic: TOPICS.session,
    clearOn: [TOPICS.listings, TOPICS.member],
    ttlMs: 5_000,
    maxEntries: 20_000,
  });
  function ownList(userId: number, key: string, load: ListRead<Trade>) {
    const now = clock.now();
    return standingRead<KeptList<Trade>>(
      (read) => ownLists.get(userId, key, read),
      () => ownLists.drop(userId),
      now,
      reader(load, now),
    );
  }
  // The stock service listens too: a company's best 호가 come from its open listings.
  const changed = <T>(companyId: number, result: T): T => {
    bus.publish(TOPICS.listings, String(companyId));
    return result;
  };

  // Each owner's trust line, read by every list of listings: kept per instance (issue 24) and
  // dropped on every instance by the `member` topic, which a confirmed deal, a review and an upheld
  // report announce; 30 s at most for anything else.
  const trusts = createMemberView<OwnerTrust>({ bus, topic: TOPICS.member, ttlMs: 30_000, maxEntries: 20_000 });
  /** Each owner's trust summary, read together. */
  async function trustOf(userIds: number[]): Promise<Map<number, OwnerTrust>> {
    return trusts.getMany(userIds, 'trust', async (ids) => {
      const [counted, upheld, deals] = await Promise.all([
        prices.countedByUsers(ids),
        deps.reports().upheldAgainst(ids),
        deps.dealTrust().trustOf(ids),
      ]);
      return new Map(
        ids.map((id) => [
          id,
          { counted: counted.get(id) ?? 0, upheld: upheld.get(id) ?? 0, ...(deals.get(id) ?? { confirmed: 0, good: 0, bad: 0 }) },
        ]),
      );
    });
  }

  /** Which of `rows` `viewerId` has reported (none for a visitor). */
  const reportedOf = (rows: TradeRow[], viewerId: number | null) =>
    deps.reports().reportedBy(
      viewerId,
      'trade',
      rows.map((r) => Number(r.id)),
    );

  /** Whose listings `rows` are, each once. */
  const ownersOf = (rows: TradeRow[]) => [...new Set(rows.map((r) => r.user_id))];

  /** Listings as `viewerId` sees them, given which they reported and their owners' trust summaries. */
  const asTrades = (rows: TradeRow[], viewerId: number | null, reported: Set<number>, trust: Map<number, OwnerTrust>) =>
    rows.map((r) => toTrade(r, viewerId, reported.has(Number(r.id)), trust.get(r.user_id) ?? NO_TRUST));

  /** Listings as `viewerId` sees them: whether they reported each, and each owner's trust summary. */
  async function withReports(rows: TradeRow[], viewerId: number | null): Promise<Trade[]> {
    const [reported, trust] = await Promise.all([reportedOf(rows, viewerId), trustOf(ownersOf(rows))]);
    return asTrades(rows, viewerId, reported, trust);
  }

  /**
   * A company's listings as `viewerId` reads them, read once: the page (`make`), and what of it is
   * the reader's own (`marks`): which listings are theirs (their proof shown, `isMine`) and which they
   * reported. Readers with the same marks read the same answer, so the open list's answer is kept
   * serialised under them (issue 24); `owners` names whose nickname and trust line it shows,
   * `unchangedUntil` when time alone changes it. Ended listings are each owner's own:
   * never `shared`.
   */
  async function keyedList(companyId: number, query: TradeListQuery, viewerId: number | null) {
    await stocks.company(companyId);
    const status = query.status ?? ListingStatus.IN_PROGRESS;
    const load = (now: Date) =>
      repo.listByCompany({ companyId, tradeType: query.tradeType, status, viewerId, now, page: query.page, size: query.size });
    const open = status === ListingStatus.IN_PROGRESS;
    const { rows, total, changesAt } = open
      ? await openList(openKey('list', companyId, query.tradeType, query.page, query.size), load)
      : { ...(await load(clock.now())), changesAt: 0 };
    const reported = await reportedOf(rows, viewerId);
    const own = viewerId === null ? [] : rows.filter((r) => r.user_id === viewerId).map((r) => Number(r.id));
    /**
     * How long the open list stays as it is unless a write announces a change (then the first of
     * its listings expires or loses its pin): what a page that shows it may be kept for. 0 for an
     * owner's ended listings.
     */
    const readAt = clock.now().getTime();
    const unchangedForMs = open ? Math.max(0, Number(changesAt) - readAt) : 0;
    const owners = ownersOf(rows);
    return {
      shared: open,
      /** When time alone changes it (the app's clock, ms). */
      unchangedUntil: readAt + unchangedForMs,
      marks: own.length > 0 || reported.size > 0 ? `own:${own.join('.')};reported:${[...reported].join('.')}` : '',
      owners,
      make: async () => ({
        data: asTrades(rows, viewerId, reported, await trustOf(owners)),
        total,
        page: query.page,
        size: query.size,
        unchangedForMs,
      }),
    };
  }

  /** A listing as `viewerId` may see it: ended ones only by their owner. */
  async function visible(id: number, viewerId: number | null): Promise<TradeRow> {
    const row = await repo.find(id, clock.now());
    const hidden = row && row.user_id !== viewerId && (row.status !== ListingStatus.IN_PROGRESS || row.writer_deleted_at !== null);
    if (!row || hidden) throw new AppError(404, 'tradeNotFound', 'NOT_FOUND');
    return row;
  }

  /** The member's own listing for a change: 404 when it does not exist for them, 403 when it is another's, 409 when ended. */
  async function ownOpen(id: number, member: Member): Promise<TradeRow> {
    const row = await repo.find(id, clock.now());
    if (!row || (row.status >= ListingStatus.USER_DELETED && row.user_id !== member.id))
      throw new AppError(404, 'tradeNotFound', 'NOT_FOUND');
    if (row.user_id !== member.id) throw new AppError(403, 'tradeNotYours', 'FORBIDDEN');
    if (row.status !== ListingStatus.IN_PROGRESS) throw new AppError(409, 'tradeEnded', 'TRADE_ENDED');
    return row;
  }

  async function one(id: number, viewerId: number | null): Promise<Trade> {
    const [trade] = await withReports([await visible(id, viewerId)], viewerId);
    return trade as Trade;
  }

  /**
   * A member's own listings (내 매물), every status, page by page: the page, and when time alone
   * changes it (`unchangedUntil`, the app's clock: one of them expires or loses its pin).
   */
  async function keyedMine(member: Member, query: TradeListQuery) {
    const { rows, total, changesAt } = await ownList(member.id, `${query.status ?? ''}:${query.page}:${query.size}`, async (now) => {
      const [page, changesAt] = await Promise.all([
        repo.listByOwner(member.id, query.status, now, query.page, query.size),
        repo.ownChangesAt(member.id, now),
      ]);
      // No one reports their own listing: nothing of it changes by another's hand.
      return { rows: await withReports(page.rows, member.id), total: page.total, changesAt };
    });
    return { unchangedUntil: changesAt, page: { data: rows, total, page: query.page, size: query.size } };
  }

  return {
    async get(id: number, viewerId: number | null) {
      return one(id, viewerId);
    },

    keyedList,

    /** A company's listings as `viewerId` reads them (see `keyedList`). */
    async listByCompany(companyId: number, query: TradeListQuery, viewerId: number | null) {
      return (await keyedList(companyId, query, viewerId)).make();
    },

    async topFixed(companyId: number, viewerId: number | null) {
      await stocks.company(companyId);
      // Pins and expiries are not tracked here: a second of the clock at most.
      const { rows } = await openList(openKey('top', companyId, Math.floor(clock.now().getTime() / 1000)), async (now) => ({
        rows: await repo.topFixed(companyId, now),
        total: 0,
      }));
      return withReports(rows, viewerId);
    },

    /** A member's open listings for their public page (issue 22), newest first. */
    async openOf(userId: number, viewerId: number | null) {
      const { rows } = await repo.listByOwner(userId, ListingStatus.IN_PROGRESS, clock.now(), 1, 20);
      return withReports(rows, viewerId);
    },

    keyedMine,

    /** The member's own listings (see `keyedMine`). */
    async mine(member: Member, query: TradeListQuery) {
      return (await keyedMine(member, query)).page;
    },

    async create(member: Member, tradeType: TradeType, body: TradeCreateData, idempotencyKey: string | undefined): Promise<Trade> {
      assertMayTrade(member);
      if (body.tradeType !== undefined && body.tradeType !== tradeType) throw new AppError(400, 'tradeMismatch', 'TRADE_TYPE_MISMATCH');
      const company = await repo.company(body.companyIdx);
      if (!company) throw new AppError(404, 'companyNotFound', 'NOT_FOUND');

      // Spec §3: the web client sends the company logo as the "proof" of every draft; only an
      // uploaded image asked to be checked, on a sale of unissued stock, is a proof.
      const uploaded = isOwnUpload(body.stockTradeProofImageUrl);
      if (body.stockTradeProofImageUrl && !uploaded && body.stockTradeProofImageUrl !== company.logo_url)
        throw new AppError(400, 'invalidProofImage', 'INVALID_PROOF_IMAGE');
      let proof = { url: '', type: 'NONE', status: ProofCheckStatus.NONE as number };
      if (body.unissuedStockProofCheckFlag) {
        if (tradeType !== TradeType.SELL || !company.labels.includes('UNISSUED'))
          throw new AppError(400, 'proofOnlyUnissuedSell', 'PROOF_NOT_APPLICABLE');
        if (!uploaded) throw new AppError(400, 'proofImageRequired', 'PROOF_IMAGE_REQUIRED');
        proof = { url: body.stockTradeProofImageUrl, type: body.proofType, status: ProofCheckStatus.PENDING };
      }

      const now = clock.now();
      const request = { ...body, tradeType };
      // Read before the transaction: the embedded database has one connection, which it holds.
      const trust = (await trustOf([member.id])).get(member.id) ?? NO_TRUST;
      return idempotent(db, { userId: member.id, route: 'POST /api/trade', key: idempotencyKey, request, now }, async (tx) => {
        const id = await repo.insert(
          {
            companyId: company.id,
            userId: member.id,
            tradeType,
            count: body.stockCount,
            price: body.stockPerPrice,
            countNegotiable: body.stockCountNegotiationFlag,
            priceNegotiable: body.stockPriceNegotiationFlag,
            proofImageUrl: proof.url,
            proofType: proof.type,
            proofCheckStatus: proof.status,
            at: now,
            expiresAt: new Date(now.getTime() + LISTING_LIFETIME_DAYS * DAY_MS),
          },
          tx,
        );
        // The broker pattern (decision 0007): listings across many companies within minutes.
        const since = new Date(now.getTime() - BROKER_PATTERN_WINDOW_MS);
        const spread = await repo.companiesListedSince(member.id, since, tx);
        if (spread >= BROKER_PATTERN_COMPANIES) await reviews.brokerPattern(tx, member.id, spread, BROKER_PATTERN_WINDOW_MS / 60_000);
        await deps.events.emit(tx, 'listing.posted', {
          tradeId: id,
          companyId: company.id,
          userId: member.id,
          tradeType,
          price: body.stockPerPrice,
          count: body.stockCount,
        });
        const row = await repo.find(id, now, tx);
        return toTrade(row as TradeRow, member.id, false, trust);
      }).then((trade) => changed(company.id, trade));
    },

    async update(member: Member, id: number, body: TradeUpdateData) {
      if (body.tradeIdx !== undefined && body.tradeIdx !== id) throw new AppError(400, 'invalidId', 'TRADE_IDX_MISMATCH');
      assertMayTrade(member);
      const row = await ownOpen(id, member);
      if (Number(row.reserved_count) + Number(row.sold_count) > body.stockCount)
        throw new AppError(409, 'countBelowReserved', 'BELOW_RESERVED');
      const updated = await repo.updateOpen(id, member.id, clock.now(), {
        count: body.stockCount,
        price: body.stockPerPrice,
        countNegotiable: body.stockCountNegotiationFlag,
        priceNegotiable: body.stockPriceNegotiationFlag,
      });
      if (!updated) throw new AppError(409, 'tradeEnded', 'TRADE_ENDED');
      return changed(row.company_id, await one(id, member.id));
    },

    async attachProof(member: Member, id: number, proof: { stockTradeProofImageUrl: string; proofType: string }) {
      assertMayTrade(member);
      const row = await ownOpen(id, member);
      const company = await repo.company(row.company_id);
      if (row.trade_type !== TradeType.SELL || !company?.labels.includes('UNISSUED'))
        throw new AppError(400, 'proofOnlyUnissuedSell', 'PROOF_NOT_APPLICABLE');
      if (!isOwnUpload(proof.stockTradeProofImageUrl)) throw new AppError(400, 'invalidProofImage', 'INVALID_PROOF_IMAGE');
      if (!(await repo.setProof(id, member.id, clock.now(), { url: proof.stockTradeProofImageUrl, type: proof.proofType })))
        throw new AppError(409, 'proofNotChangeable', 'PROOF_NOT_CHANGEABLE');
      return changed(row.company_id, await one(id, member.id));
    },

    /**
     * The owner records a price alone: the listing ends and the finish is kept as the owner's
     * history, recorded for operators but never moving the price (issue 22: only a deal both sides
     * confirmed does). Refused while a deal holds shares of it.
     */
    async finish(member: Member, id: number, finishedPrice: number) {
      assertMayTrade(member);
      await ownOpen(id, member);
      const now = clock.now();
      const companyId = await unitOfWork(db, async (tx) => {
        const done = await repo.finish(tx, id, member.id, now, finishedPrice);
        if (!done) throw new AppError(409, 'tradeEnded', 'TRADE_ENDED');
        if (done === 'RESERVED') throw new AppError(409, 'listingHasAgreedDeals', 'DEALS_AGREED');
        await prices.recordFinish(tx, {
          tradeId: id,
          companyId: done.companyId,
          userId: member.id,
          ownerVerified: member.user_level >= UserLevel.REGULAR,
          ownerSanctioned: member.sanction_state !== SanctionState.NORMAL,
          listedAt: done.listedAt,
          at: now,
          price: finishedPrice,
          count: done.count,
        });
        return done.companyId;
      });
      stocks.invalidate(companyId);
      return changed(companyId, await one(id, member.id));
    },

    async remove(member: Member, id: number) {
      const row = await repo.find(id, clock.now());
      if (!row || row.status >= ListingStatus.USER_DELETED) throw new AppError(404, 'tradeNotFound', 'NOT_FOUND');
      if (row.user_id !== member.id) throw new AppError(403, 'tradeNotYours', 'FORBIDDEN');
      if (Number(row.reserved_count) > 0) throw new AppError(409, 'listingHasAgreedDeals', 'DEALS_AGREED');
      if (!(await repo.softDelete(id, member.id, clock.now()))) throw new AppError(404, 'tradeNotFound', 'NOT_FOUND');
      return changed(row.company_id, true as const);
    },

    /** Operators' proof queue (issue 11): waiting proofs, oldest first, with the queue's size and oldest wait. */
    async pendingProofs(page: number, size: number) {
      const now = clock.now();
      const { rows, total, oldest } = await repo.pendingProofs(now, page, size);
      return {
        data: rows.map((r) => ({
          ...toTrade(r, null, false, NO_TRUST),
          stockTradeProofImageUrl: r.proof_image_url,
          ownerIdx: r.user_id,
        })),
        total,
        page,
        size,
        oldestWaitingSince: oldest?.toISOString() ?? null,
      };
    },

    /**
     * An operator decides a waiting proof, in the caller's transaction (with its audit entry); the
     * owner sees the new status at once, and REATTACHMENT lets them attach again.
     */
    async decideProof(id: number, status: number, note: string, tx: Db): Promise<void> {
      const row = await repo.decideProof(tx, id, status);
      if (row === undefined) throw new AppError(409, 'proofNotWaiting', 'PROOF_NOT_WAITING');
      await deps.events.emit(tx, 'proof.decided', { tradeId: id, companyId: row.company_id, userId: row.user_id, status, note });
      afterCommit(tx, () => changed(row.company_id, undefined));
    },

    /** An operator pins (until `endsAt`) or unpins (null) an open listing, in the caller's transaction. */
    async pinByOperator(id: number, endsAt: Date | null, tx: Db): Promise<void> {
      const companyId = await repo.setPin(tx, id, endsAt, clock.now());
      if (companyId === undefined) {
        const exists = await repo.find(id, clock.now(), tx);
        throw exists ? new AppError(409, 'adminPinNotOpen', 'NOT_OPEN') : new AppError(404, 'tradeNotFound', 'NOT_FOUND');
      }
      afterCommit(tx, () => changed(companyId, undefined));
    },

    /** The console's 상단 고정: listings pinned now, the soonest to end first. */
    async pinned(page: number, size: number) {
      const { rows, total } = await repo.pinnedNow(clock.now(), page, size);
      return {
        data: rows.map((r) => ({
          ...toTrade(r, null, false, NO_TRUST),
          ownerIdx: r.user_id,
          pinEndsAt: (r.pin_ends_at ?? r.expires_at).toISOString(),
        })),
        total,
        page,
        size,
      };
    },

    /** An operator hides a listing, in the caller's transaction; its owner's id. */
    async hideByOperator(id: number, tx: Db): Promise<number> {
      const row = await repo.hideByOperator(tx, id);
      if (!row) throw new AppError(404, 'tradeNotFound', 'NOT_FOUND');
      afterCommit(tx, () => changed(row.company_id, undefined));
      return row.user_id;
    },

    /** For reports: the owner of a listing the reporter can see. */
    async ownerOf(id: number) {
      const row = await repo.find(id, clock.now());
      return row && row.status === ListingStatus.IN_PROGRESS && row.writer_deleted_at === null ? { ownerId: row.user_id } : undefined;
    },

    /** The expiry job's step: records ended listings (each owner is told); null when another instance holds the lock. */
    expireDue: () =>
      repo.expireDue(clock.now(), async (tx, rows) => {
        for (const r of rows)
          await deps.events.emit(tx, 'listing.ended', {
            tradeId: Number(r.id),
            companyId: r.company_id,
            userId: r.user_id,
            reason: 'EXPIRED',
          });
      }),

    /** Open listings ending within `days` (their owners are told ahead; issue 23). */
    endingWithin: (days: number) => repo.endingBetween(clock.now(), new Date(clock.now().getTime() + days * DAY_MS)),
  };
}

export type TradeService = ReturnType<typeof createTradeService>;
