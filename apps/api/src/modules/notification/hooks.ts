import { formatDateTime, formatNumber, formatPrice, ProofCheckStatus, SANCTION_TEXT, TradeType } from '@beesang/contract';
import type { Db } from '../../db/database.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import type { DomainEventBus } from '../../lib/domain-events.ts';
import type { JobQueue } from '../../lib/job-queue.ts';
import type { PriceAlertsService } from './alerts/price-alerts.service.ts';
import type { createDevicesRepository } from './devices.repository.ts';
import type { NotificationService } from './notification.service.ts';

export const LISTING_POSTED_JOB = 'notification.listing-posted';

const terms = (count: number, price: number) => `${formatNumber(count)}주 × ${formatPrice(price)}`;
const REPORTED = { trade: '매물', opinion: '의견', conversation: '대화' } as const;
const PROOF_TEXT: Record<number, string> = {
  [ProofCheckStatus.VERIFIED]: '인증됐어요',
  [ProofCheckStatus.REATTACHMENT]: '다시 올려주세요',
  [ProofCheckStatus.UNIDENTIFIED]: '확인되지 않았어요',
  [ProofCheckStatus.NON_AUTHENTICITY]: '진본이 아니라고 판단됐어요',
};

/**
 * What each announcement tells whom (issue 23 §1): every module says what happened, once, in its
 * transaction (lib/domain-events.ts); here it becomes notifications in that same transaction.
 */
export function listenForNotifications(deps: {
  events: DomainEventBus;
  notifications: NotificationService;
  alerts: PriceAlertsService;
  jobs: JobQueue;
  listingTakers: (companyId: number, sale: boolean, price: number, except: number) => Promise<number[]>;
  devices: ReturnType<typeof createDevicesRepository>;
  db: Db;
}) {
  const { events, notifications: n, alerts, jobs } = deps;

  events.on('price.changed', (tx, e) => alerts.priceChanged(tx, e));
  events.on('listing.posted', (tx, e) => jobs.send(tx, LISTING_POSTED_JOB, e));

  const conversation = (id: number) => `/messages/${id}`;
  events.on('deal.offered', (tx, e) =>
    n.notify(tx, {
      userId: e.to,
      kind: 'DEAL_OFFER',
      title: `${e.companyName} 거래 제안이 왔어요`,
      body: terms(e.count, e.price),
      url: conversation(e.conversationId),
      dedupeKey: `deal:${e.dealId}:offer`,
    }),
  );
  events.on('deal.countered', (tx, e) =>
    n.notify(tx, {
      userId: e.to,
      kind: 'DEAL_COUNTER',
      title: `${e.companyName} 다시 제안이 왔어요`,
      body: terms(e.count, e.price),
      url: conversation(e.conversationId),
      dedupeKey: `deal:${e.dealId}:counter:${e.count}:${e.price}:${Date.now()}`,
    }),
  );
  events.on('deal.accepted', (tx, e) =>
    n.notify(tx, {
      userId: e.to,
      kind: 'DEAL_ACCEPTED',
      title: `${e.companyName} 제안이 수락됐어요`,
      body: `${terms(e.count, e.price)} · 주식과 대금을 주고받은 뒤 거래 완료를 확인해주세요.`,
      url: conversation(e.conversationId),
      dedupeKey: `deal:${e.dealId}:accepted`,
    }),
  );
  events.on('deal.confirmed-by-one', (tx, e) =>
    n.notify(tx, {
      userId: e.to,
      kind: 'DEAL_CONFIRM_ASKED',
      title: `${e.companyName} 거래 완료를 확인해주세요`,
      body: '상대방이 거래 완료를 확인했어요. 주식과 대금을 모두 받으셨다면 확인해주세요.',
      url: conversation(e.conversationId),
      dedupeKey: `deal:${e.dealId}:confirm-asked`,
    }),
  );
  // One per conversation while unread, not one per message: a new one refreshes the unread one.
  events.on('message.posted', (tx, e) =>
    n.notify(tx, {
      userId: e.to,
      kind: 'DEAL_MESSAGE',
      title: '새 메시지가 왔어요',
      body: e.text.length > 80 ? `${e.text.slice(0, 80)}…` : e.text,
      url: conversation(e.conversationId),
      dedupeKey: `message:${e.messageId}`,
      coalesceKey: `conversation:${e.conversationId}`,
    }),
  );

  events.on('report.resolved', async (tx, e) => {
    for (const reporter of e.reporterIds)
      await n.notify(tx, {
        userId: reporter,
        kind: 'REPORT_OUTCOME',
        title: `신고하신 ${REPORTED[e.kind]}을(를) 확인했어요`,
        body: e.upheld ? '운영 정책에 따라 조치했어요. 알려주셔서 고맙습니다.' : '검토했지만 운영 정책 위반을 찾지 못했어요.',
        url: '/notifications',
        dedupeKey: `report:${e.kind}:${e.targetId}:resolved`,
      });
  });
  events.on('proof.decided', (tx, e) =>
    n.notify(tx, {
      userId: e.userId,
      kind: 'PROOF_OUTCOME',
      title: `매물 인증: ${PROOF_TEXT[e.status] ?? '결정됐어요'}`,
      body: e.note ? `운영자 안내: ${e.note}` : '매물의 인증 상태를 확인해주세요.',
      url: `/stock/${e.companyId}`,
      dedupeKey: `proof:${e.tradeId}:${e.status}:${e.note.length}`,
    }),
  );
  events.on('expert.decided', (tx, e) =>
    n.notify(tx, {
      userId: e.userId,
      kind: 'EXPERT_OUTCOME',
      title: e.approved ? '전문가 인증이 승인됐어요' : '전문가 인증이 반려됐어요',
      body: e.approved ? '이제 매물과 의견에 전문가 배지가 보여요.' : `사유: ${e.reason}`,
      url: '/myPage',
      dedupeKey: `expert:${e.approved ? 'approved' : 'rejected'}:${Date.now()}`,
    }),
  );
  events.on('sanction.applied', (tx, e) =>
    n.notify(tx, {
      userId: e.userId,
      kind: 'SANCTION',
      title: e.state === 0 ? '이용 제한이 풀렸어요' : `이용 제한: ${SANCTION_TEXT[e.state] ?? '제재'}`,
      body:
        e.state === 0
          ? '다시 모든 기능을 이용할 수 있어요.'
          : `${e.reason}${e.endsAt ? ` · ${formatDateTime(e.endsAt)}까지` : ' · 기한 없음'}`,
      url: '/myPage',
      dedupeKey: `sanction:${e.state}:${Date.now()}`,
    }),
  );
  events.on('listing.ended', (tx, e) =>
    n.notify(tx, {
      userId: e.userId,
      kind: 'LISTING_ENDED',
      title: e.reason === 'EXPIRED' ? '매물이 30일이 지나 종료됐어요' : '매물의 수량이 모두 거래됐어요',
      body: '내 매물에서 확인할 수 있어요.',
      url: '/myPage/trades',
      dedupeKey: `listing:${e.tradeId}:ended`,
    }),
  );
  events.on('session.started', async (tx, e) => {
    const { fresh, others } = await deps.devices.seen(tx, e.userId, e.deviceKey, e.at);
    // The first device is the account's own; a later new one may be someone else's.
    if (!fresh || others === 0) return;
    await n.notify(tx, {
      userId: e.userId,
      kind: 'SECURITY_NEW_DEVICE',
      title: '새 기기에서 로그인했어요',
      body: `${formatDateTime(e.at)} · ${e.deviceName}. 본인이 아니라면 비밀번호를 바꾸고 회원정보 수정에서 모든 로그인을 종료해주세요.`,
      url: '/myPage',
      dedupeKey: `device:${e.deviceKey}`,
    });
  });
  events.on('password.changed', (tx, e) =>
    n.notify(tx, {
      userId: e.userId,
      kind: 'SECURITY_PASSWORD',
      title: '비밀번호가 바뀌었어요',
      body: `${formatDateTime(e.at)}에 비밀번호가 바뀌었어요. 직접 바꾸지 않으셨다면 바로 비밀번호를 재설정해주세요.`,
      url: '/myPage',
      dedupeKey: `password:${e.at.getTime()}`,
    }),
  );

  /** The job: a new listing to every member whose favourite alert it meets. */
  return {
    async listingPosted(e: { tradeId: number; companyId: number; userId: number; tradeType: number; price: number; count: number }) {
      const sale = e.tradeType === TradeType.SELL;
      // Read before the transaction: the embedded database runs nothing beside an open transaction.
      const takers = await deps.listingTakers(e.companyId, sale, e.price, e.userId);
      await unitOfWork(deps.db, (tx) =>
        n.notifyMany(tx, takers, {
          kind: 'FAVORITE_LISTING',
          title: `관심 종목에 새 ${sale ? '매도' : '매수'} 매물`,
          body: terms(e.count, e.price),
          url: `/stock/${e.companyId}`,
          dedupeKey: `listing:${e.tradeId}:posted`,
        }),
      );
    },
  };
}
