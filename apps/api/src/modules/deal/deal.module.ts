import type { Db } from '../../db/database.ts';
import { afterCommit } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DomainEventBus } from '../../lib/domain-events.ts';
import { type InvalidationBus, TOPICS } from '../../lib/invalidation.ts';
import { createMemberView } from '../../lib/member-view.ts';
import type { ReportService } from '../report/report.service.ts';
import type { PriceService } from '../stock/price/price.service.ts';
import type { TradeDealsService } from '../trade/trade-deals.service.ts';
import { createConversationService } from './conversations/conversation.service.ts';
import { createConversationsRepository } from './conversations/conversations.repository.ts';
import { createMessagesRepository } from './conversations/messages.repository.ts';
import { createOperatorViewRepository } from './conversations/operator-view.repository.ts';
import { createDealService } from './offers/deal.service.ts';
import { createDealsRepository } from './offers/deals.repository.ts';
import { createSettleService } from './offers/settle.service.ts';
import { createReviewService, type MemberFacts } from './reviews/review.service.ts';
import type { ReviewsRepository } from './reviews/reviews.repository.ts';
import type { LiveSender } from './shared/live.ts';

/**
 * The deal module (issue 22): conversations, offers and their settlement, reviews. It writes its own
 * tables only; listings change through the trade module's service and prices through the stock
 * module's, each in the deal's transaction.
 */
export function createDealModule(deps: {
  db: Db;
  clock: Clock;
  trades: TradeDealsService;
  prices: PriceService;
  reviews: ReviewsRepository;
  reports: () => ReportService;
  members: MemberFacts;
  live: LiveSender;
  bus: InvalidationBus;
  events: DomainEventBus;
  log: (message: string, error: unknown) => void;
}) {
  const { db, clock, trades, prices, live } = deps;
  const memberChanged = (tx: Db, userId: number) => afterCommit(tx, () => deps.bus.publish(TOPICS.member, String(userId)));
  const deals = createDealsRepository(db);
  const conversations = createConversationService({
    db,
    conversations: createConversationsRepository(db),
    messages: createMessagesRepository(db),
    operatorView: createOperatorViewRepository(db),
    deals,
    reviews: deps.reviews,
    reports: deps.reports,
    live,
    clock,
    log: deps.log,
    events: deps.events,
    unread: {
      view: createMemberView<number>({ bus: deps.bus, topic: TOPICS.unreadMessages }),
      bus: deps.bus,
    },
  });
  const offers = createDealService({ db, deals, conversations, trades, live, clock, events: deps.events });
  const settle = createSettleService({ db, deals, offers, conversations, trades, prices, clock, memberChanged, events: deps.events });
  const reviews = createReviewService({ db, deals, reviews: deps.reviews, members: deps.members, clock, memberChanged });
  return { conversations, offers, settle, reviews };
}
export type DealModule = ReturnType<typeof createDealModule>;
