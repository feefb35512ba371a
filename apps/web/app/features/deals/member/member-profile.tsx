import { EXPERT_BADGE_TEXT, formatDate, formatNumber, ListingStatus, type MemberPage } from '@beesang/contract';
import { Avatar } from '../../../components/ui/avatar';
import { Card } from '../../../components/ui/card';
import { ListEmpty } from '../../../components/ui/list-state';
import { useSession } from '../../../lib/session';
import { useOffer } from '../offer/use-offer';
import { MemberListingRow } from './member-listing-row';

/**
 * /member/{id}: a member's public trading profile (issue 22) — who they are (expert badge, member
 * since, identity verified), their confirmed trades and what others said of them (counts, tags,
 * recent reviews), and their open listings, on which a verified reader may offer.
 */
export function MemberProfile({ page: p }: { page: MemberPage }) {
  const session = useSession();
  const offer = useOffer();
  const self = session.user?.userIdx === p.userIdx;
  const expert = EXPERT_BADGE_TEXT[p.expertType];
  const open = p.listings.filter((l) => l.tradeStatus === ListingStatus.IN_PROGRESS && l.openStockCount > 0);
  return (
    <div className="mx-auto max-w-[800px] space-y-4">
      <section aria-labelledby="member-name" className="rounded-card bg-white p-5 ring-1 ring-line">
        <div className="flex items-center gap-4">
          <Avatar url={p.profileImageUrl} size={64} className="size-16" />
          <div className="min-w-0">
            <h1 id="member-name" className="flex flex-wrap items-center gap-2 text-2xl font-bold">
              <span className="truncate">{p.userNickname}</span>
              {expert && !p.deleted && (
                <span className="rounded-[5px] bg-[#fff4d6] px-1.5 py-0.5 text-xs font-semibold text-[#8a5a00]">{expert}</span>
              )}
            </h1>
            {!p.deleted && (
              <p className="mt-1 text-sm text-ink-2">
                <span className="num">{formatDate(p.memberSince)} 가입</span>
                {p.identityVerified && <span className="font-semibold text-success-ink"> · 본인인증 완료</span>}
              </p>
            )}
          </div>
        </div>
        <dl className="mt-5 grid grid-cols-3 divide-x divide-line rounded-control bg-page py-3 text-center">
          <div>
            <dt className="text-xs text-ink-3">확인된 거래</dt>
            <dd className="num mt-0.5 text-lg font-bold">{formatNumber(p.confirmedTrades)}건</dd>
          </div>
          <div>
            <dt className="text-xs text-ink-3">좋아요</dt>
            <dd className="num mt-0.5 text-lg font-bold text-brand">{formatNumber(p.goodReviews)}</dd>
          </div>
          <div>
            <dt className="text-xs text-ink-3">아쉬워요</dt>
            <dd className="num mt-0.5 text-lg font-bold text-ink-2">{formatNumber(p.badReviews)}</dd>
          </div>
        </dl>
        {p.tags.length > 0 && (
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="받은 후기 태그">
            {p.tags.map((t) => (
              <li
                key={t.tag}
                className={`rounded-full px-3 py-1 text-[13px] font-semibold ${t.good ? 'bg-brand/10 text-brand-hover' : 'bg-page text-ink-2 ring-1 ring-line'}`}
              >
                {t.tag} <span className="num">{formatNumber(t.count)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Card title="최근 후기">
        {p.reviews.length === 0 ? (
          <ListEmpty size="compact">아직 받은 후기가 없어요.</ListEmpty>
        ) : (
          <ul className="divide-y divide-line">
            {p.reviews.map((r) => (
              <li key={`${r.reviewer.userIdx}-${r.createdAt}`} className="py-3" data-testid="review">
                <p className="flex items-center gap-2 text-sm">
                  <span className={`font-bold ${r.good ? 'text-brand' : 'text-ink-2'}`}>{r.good ? '좋아요' : '아쉬워요'}</span>
                  <span className="text-ink-3">
                    {r.reviewer.userNickname} · <span className="num">{formatDate(r.createdAt)}</span>
                  </span>
                </p>
                {r.tags.length > 0 && <p className="mt-1 text-[13px] text-ink-2">{r.tags.join(' · ')}</p>}
                {r.text && <p className="mt-1 text-[15px] break-words whitespace-pre-wrap">{r.text}</p>}
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card title="거래 중인 매물">
        {open.length === 0 ? (
          <ListEmpty size="compact">지금 거래 중인 매물이 없어요.</ListEmpty>
        ) : (
          <ul className="divide-y divide-line">
            {open.map((trade) => (
              <MemberListingRow
                key={trade.tradeIdx}
                trade={trade}
                onOffer={self || trade.isMine ? undefined : (t) => offer.offer(t, p.userNickname)}
              />
            ))}
          </ul>
        )}
      </Card>
      {offer.dialog}
    </div>
  );
}
