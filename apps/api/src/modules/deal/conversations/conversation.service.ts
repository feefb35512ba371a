import {
  ADMIN_CONVERSATION_MESSAGES_MAX,
  type ConversationDetail,
  type ConversationSummary,
  DEAL_MESSAGES_PAGE,
  type DealStatus,
  type Message,
  type MessageKind,
  type ReportData,
  SanctionState,
} from '@beesang/contract';
import type { Db } from '../../../db/database.ts';
import { idempotent } from '../../../db/idempotency.ts';
import { afterCommit, unitOfWork } from '../../../db/unit-of-work.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { DomainEventBus } from '../../../lib/domain-events.ts';
import { AppError } from '../../../lib/errors.ts';
import { type InvalidationBus, TOPICS } from '../../../lib/invalidation.ts';
import type { MemberView } from '../../../lib/member-view.ts';
import type { ReportService } from '../../report/report.service.ts';
import type { DealsRepository } from '../offers/deals.repository.ts';
import type { ReviewsRepository } from '../reviews/reviews.repository.ts';
import type { LiveSender } from '../shared/live.ts';
import { listingOf, operatorViewOf, personOf, toDeal, toMessage } from '../shared/views.ts';
import { cautionsOf } from './cautions.ts';
import type { ConversationRow, ConversationsRepository } from './conversations.repository.ts';
import type { MessagesRepository } from './messages.repository.ts';
import type { OperatorViewRepository } from './operator-view.repository.ts';

export type DealMember = { id: number; user_level: number; sanction_state: number };

/** A conversation's entry to write: a text, or a step of a deal with the terms at that step. */
export interface Entry {
  senderId: number | null;
  kind: MessageKind;
  text: string;
  deal?: { id: number; count: number; price: number };
}

type Summary = NonNullable<Awaited<ReturnType<ConversationsRepository['summary']>>>;

/**
 * Conversations (issue 22 §1, §4): one per listing and pair, holding texts and the deal steps in
 * order, with read marks for both sides. Every entry is stored before it is acknowledged and
 * announced on the live channel once its transaction has committed.
 */
export function createConversationService(deps: {
  db: Db;
  conversations: ConversationsRepository;
  messages: MessagesRepository;
  operatorView: OperatorViewRepository;
  deals: DealsRepository;
  reviews: ReviewsRepository;
  reports: () => ReportService;
  live: LiveSender;
  clock: Clock;
  log: (message: string, error: unknown) => void;
  events: DomainEventBus;
  /** Each member's unread total kept per instance (issue 24: every page of theirs shows it), and the bus that drops it. */
  unread?: { view: MemberView<number>; bus: InvalidationBus };
}) {
  const { db, conversations, messages, deals, reviews, live, clock } = deps;
  const unreadTotal = (userId: number) =>
    deps.unread ? deps.unread.view.get(userId, 'messages', () => conversations.unreadTotal(userId)) : conversations.unreadTotal(userId);
  /** After the commit, before anything reads it again: every instance drops the member's unread total. */
  const unreadChanged = (userId: number) => deps.unread?.bus.publish(TOPICS.unreadMessages, String(userId));

  const sideOf = (c: ConversationRow, userId: number): 'owner' | 'member' | null =>
    c.owner_id === userId ? 'owner' : c.member_id === userId ? 'member' : null;
  const otherOf = (c: ConversationRow, userId: number) => (c.owner_id === userId ? c.member_id : c.owner_id);

  /** The member's own conversation; 404 for anyone else (its existence is not theirs to know). */
  async function mine(exec: Db, id: number, userId: number, lock = false): Promise<ConversationRow> {
    const c = lock ? await conversations.lock(exec, id) : await conversations.get(exec, id);
    if (!c || sideOf(c, userId) === null) throw new AppError(404, 'conversationNotFound', 'NOT_FOUND');
    return c;
  }

  function summaryOf(r: Summary, userId: number): ConversationSummary {
    return {
      conversationId: Number(r.id),
      counterpart: personOf(r.other_id, r.other_nickname, r.other_image, r.other_deleted_at),
      listing: listingOf(r, clock.now()),
      lastMessage:
        r.last_kind === null || r.last_at === null
          ? null
          : {
              kind: r.last_kind as MessageKind,
              text: r.last_text ?? '',
              createdAt: r.last_at.toISOString(),
              mine: r.last_sender_id === userId,
              stockCount: r.last_count === null ? null : Number(r.last_count),
              stockPerPrice: r.last_price === null ? null : Number(r.last_price),
            },
      unreadCount: Number(r.unread),
      liveDeal: r.live_deal_id === null ? null : { dealId: Number(r.live_deal_id), status: r.live_deal_status as DealStatus },
      updatedAt: r.updated_at.toISOString(),
    };
  }

  /** After the commit: the entry to both sides' open pages, each with their own unread total. */
  function announce(tx: Db, c: ConversationRow, message: Message) {
    afterCommit(tx, () => {
      unreadChanged(c.owner_id);
      unreadChanged(c.member_id);
      void (async () => {
        for (const userId of [c.owner_id, c.member_id]) {
          live.send([userId], {
            type: 'message',
            conversationId: message.conversationId,
            message,
            unreadCount: await unreadTotal(userId),
          });
        }
      })().catch((error: unknown) => deps.log('live message announcement failed; pages catch up on their next read', error));
    });
  }

  /**
   * Writes an entry in the caller's transaction: the conversation row is locked first, so that its
   * messages are numbered in the order they commit (a reader who has id N has everything before N).
   */
  async function post(tx: Db, conversationId: number, e: Entry): Promise<Message> {
    const c = await conversations.lock(tx, conversationId);
    if (!c) throw new AppError(404, 'conversationNotFound', 'NOT_FOUND');
    const at = clock.now();
    const row = await messages.insert(tx, {
      conversationId,
      senderId: e.senderId,
      kind: e.kind,
      text: e.text,
      dealId: e.deal?.id ?? null,
      stockCount: e.deal?.count ?? null,
      stockPerPrice: e.deal?.price ?? null,
      cautions: e.text ? cautionsOf(e.text) : [],
      at,
    });
    const id = Number(row.id);
    await conversations.touch(tx, conversationId, id, at);
    // What one writes, one has read.
    const side = e.senderId === null ? null : sideOf(c, e.senderId);
    if (side) await conversations.markRead(tx, conversationId, side, id);
    const message = toMessage(row);
    announce(tx, c, message);
    return message;
  }

  /** Whether either of the two blocked the other. */
  async function blocked(exec: Db, a: number, b: number) {
    const { aBlockedB, bBlockedA } = await conversations.blocks(exec, a, b);
    return aBlockedB || bBlockedA;
  }

  return {
    post,
    blocked,
    mine,
    otherOf,

    /** The pair's conversation about a listing, if they have one. */
    existing: (tradeId: number, memberId: number) => conversations.find(db, tradeId, memberId),

    /** The pair's conversation about a listing, opened now if new, in the caller's transaction. */
    async open(tx: Db, c: { tradeId: number; ownerId: number; memberId: number }): Promise<number> {
      return (await conversations.open(tx, { ...c, at: clock.now() })).id;
    },

    async list(member: DealMember, page: number, size: number) {
      const [{ rows, total }, unreadCount] = await Promise.all([conversations.list(member.id, page, size), unreadTotal(member.id)]);
      return { data: rows.map((r) => summaryOf(r, member.id)), total, unreadCount };
    },

    /** The member's unread total (the header's badge; the live channel's first event), as notifications' `unread`. */
    unread: async (userId: number) => ({ unreadCount: await unreadTotal(userId) }),

    async detail(member: DealMember, id: number): Promise<ConversationDetail> {
      const c = await mine(db, id, member.id);
      const other = otherOf(c, member.id);
      const [summary, rows, blocks, reported] = await Promise.all([
        conversations.summary(member.id, id),
        deals.ofConversation(id),
        conversations.blocks(db, member.id, other),
        deps.reports().reportedBy(member.id, 'conversation', [id]),
      ]);
      const reviewed = await reviews.reviewedBy(
        member.id,
        rows.filter((d) => d.status === 'CONFIRMED').map((d) => Number(d.id)),
      );
      const mineSide = sideOf(c, member.id);
      return {
        ...summaryOf(summary as Summary, member.id),
        deals: rows.map((d) => toDeal(d, d.status === 'CONFIRMED' && !reviewed.has(Number(d.id)))),
        counterpartReadMessageId: Number(mineSide === 'owner' ? c.member_read_id : c.owner_read_id),
        myReadMessageId: Number(mineSide === 'owner' ? c.owner_read_id : c.member_read_id),
        blockedByMe: blocks.aBlockedB,
        blockedMe: blocks.bBlockedA,
        reportedByMe: reported.has(id),
      };
    },

    async messages(member: DealMember, id: number, after: number) {
      await mine(db, id, member.id);
      return { data: (await messages.after(id, after, DEAL_MESSAGES_PAGE)).map(toMessage) };
    },

    /** A text; SUSPEND cannot write (the guard refuses them before), nor anyone to a blocked or departed member. */
    async send(member: DealMember, id: number, text: string, key: string | undefined): Promise<Message> {
      if (member.sanction_state >= SanctionState.SUSPEND) throw new AppError(403, 'suspended', 'SUSPENDED');
      const c = await mine(db, id, member.id);
      const other = otherOf(c, member.id);
      if (await blocked(db, member.id, other)) throw new AppError(403, 'blocked', 'BLOCKED');
      const now = clock.now();
      return idempotent(
        db,
        { userId: member.id, route: 'POST /api/conversations/messages', key, request: { id, text }, now },
        async (tx) => {
          const message = await post(tx, id, { senderId: member.id, kind: 'TEXT', text });
          await deps.events.emit(tx, 'message.posted', {
            conversationId: id,
            messageId: message.messageId,
            to: other,
            from: member.id,
            text,
          });
          return message;
        },
      );
    },

    /** Read up to a message (default: all); the other side's page shows '읽음'. */
    async read(member: DealMember, id: number, messageId: number | undefined) {
      const c = await mine(db, id, member.id);
      const side = sideOf(c, member.id) as 'owner' | 'member';
      const mark = await unitOfWork(db, async (tx) => {
        const upTo = await conversations.markRead(tx, id, side, messageId ?? Number.MAX_SAFE_INTEGER);
        afterCommit(tx, () => {
          unreadChanged(member.id);
          void unreadTotal(member.id)
            .then((unreadCount) => {
              live.send([member.id], { type: 'read', conversationId: id, readerIdx: member.id, messageId: upTo, unreadCount });
              live.send([otherOf(c, member.id)], { type: 'read', conversationId: id, readerIdx: member.id, messageId: upTo });
            })
            .catch((error: unknown) => deps.log('live read announcement failed', error));
        });
        return upTo;
      });
      return { messageId: mark };
    },

    async block(member: DealMember, id: number) {
      const c = await mine(db, id, member.id);
      await conversations.block(member.id, otherOf(c, member.id), clock.now());
    },

    async unblock(member: DealMember, id: number) {
      const c = await mine(db, id, member.id);
      await conversations.unblock(member.id, otherOf(c, member.id));
    },

    /** Puts the conversation in the operators' report queue (once per member). */
    async report(member: DealMember, id: number, body: ReportData, key: string | undefined) {
      await mine(db, id, member.id);
      return deps.reports().report(member.id, 'conversation', id, body, key);
    },

    /**
     * Whom a reported conversation is about (the console upholding it): the side that did not report
     * it. When both sides reported each other, an operator sanctions from the member's page instead.
     */
    async reportedMember(tx: Db, id: number): Promise<number> {
      const c = await conversations.get(tx, id);
      if (!c) throw new AppError(404, 'conversationNotFound', 'NOT_FOUND');
      const reporters = new Set(await deps.reports().reporters(tx, 'conversation', id));
      const reported = [c.owner_id, c.member_id].filter((p) => !reporters.has(p));
      if (reported.length !== 1) throw new AppError(409, 'conversationBothReported', 'BOTH_REPORTED');
      return reported[0] as number;
    },

    /**
     * A conversation as an operator reads it, in the caller's (audited) transaction: both members, the
     * listing, and the messages in order with their cautions. undefined when there is no such conversation.
     */
    async forOperator(tx: Db, id: number) {
      const c = await deps.operatorView.conversation(tx, id);
      if (!c) return undefined;
      return operatorViewOf(c, await messages.inOrder(tx, id, ADMIN_CONVERSATION_MESSAGES_MAX), clock.now());
    },

    /** Messages shown with the caution line since `since`, and the `top` members who sent the most (the console's home). */
    async cautionCounts(since: Date, top: number) {
      const { total, senders } = await deps.operatorView.cautionCounts(since, top);
      return {
        total,
        senders: senders.map((s) => ({
          userIdx: s.sender_id,
          userNickname: personOf(s.sender_id, s.nickname, null, s.deleted_at).userNickname,
          count: Number(s.n),
        })),
      };
    },

    /** For reports: a conversation the reporter takes part in, and who they report (the other side). */
    async reportedParty(id: number, reporterId: number) {
      const c = await conversations.get(db, id);
      return c && sideOf(c, reporterId) !== null ? { ownerId: otherOf(c, reporterId) } : undefined;
    },
  };
}
export type ConversationService = ReturnType<typeof createConversationService>;
