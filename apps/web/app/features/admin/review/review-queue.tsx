import { type AdminReviewItem, SanctionState } from '@beesang/contract';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { useNotify } from '../../../lib/notify';
import { relativeTime } from '../../../lib/relative-time';
import { EmptyState } from '../shared/list-state';
import { count, PageHeader } from '../shared/page-header';
import type { Queue } from '../shared/paged';
import { emptySanction, type SanctionDraft, SanctionFields, sanctionBody } from '../shared/sanction-fields';
import { useAdminAction } from '../shared/use-admin-action';
import { waitAge } from '../shared/wait-age';
import { resolveReview } from './review-api';
import { reviewReasonTexts } from './review-reasons';

const KIND_TEXT: Record<AdminReviewItem['kind'], string> = { SCAM_TEXT: '사기 의심 문구', BROKER_PATTERN: '브로커 패턴' };

/** 검토 대기: what the site flagged without a report (decision 0007), the longest waiting first. */
export function ReviewQueue(props: { queue: Queue<AdminReviewItem>; now: number }) {
  const { queue, now } = props;
  const [search] = useSearchParams();
  return (
    <section aria-labelledby="review-title">
      <PageHeader
        id="review-title"
        title="검토 대기"
        summary={`대기 ${count(queue.total)} · 신고 없이 올라온 사기 의심 글과 브로커 패턴`}
        actions={<p className="text-sm text-ink-3">가장 오래 기다린 항목: {waitAge(queue.oldestWaitingSince, now)}</p>}
      />
      {queue.data.length === 0 ? (
        <EmptyState>{queue.page > 1 ? '이 페이지에는 항목이 없습니다.' : '검토할 항목이 없습니다.'}</EmptyState>
      ) : (
        <ul className="mt-4 space-y-3">
          {queue.data.map((item) => (
            <ReviewCard key={item.id} item={item} now={now} />
          ))}
        </ul>
      )}
      <Pagination page={queue.page} total={queue.total} size={queue.size} search={search} />
    </section>
  );
}

function ReviewCard({ item, now }: { item: AdminReviewItem; now: number }) {
  const { notify } = useNotify();
  const { busy, run } = useAdminAction();
  const isOpinion = item.targetType === 'OPINION';
  // A member item has nothing to hide: acting on it means a sanction.
  const [withSanction, setWithSanction] = useState(!isOpinion);
  const [sanction, setSanction] = useState<SanctionDraft>(() => ({
    ...emptySanction(),
    state: isOpinion ? SanctionState.STOP_DEBATE : SanctionState.WARN,
  }));

  async function settle(action: 'DISMISS' | 'UPHOLD') {
    if (action === 'UPHOLD' && withSanction && !sanction.reason.trim()) {
      notify('warning', '검토 처리', '제재 사유를 입력해주세요.');
      return;
    }
    const sanctionPart = action === 'UPHOLD' && withSanction ? { sanction: sanctionBody(sanction, Date.now()) } : {};
    await run('검토 처리', () => resolveReview(item.id, { action, ...sanctionPart }), {
      done: action === 'DISMISS' ? '문제 없음으로 닫았습니다.' : isOpinion ? '글을 숨겼습니다.' : '회원을 제재했습니다.',
    });
  }

  const upholdLabel = isOpinion ? (withSanction ? '숨기고 제재' : '글 숨김') : '제재';
  return (
    <li className="rounded-card bg-white p-4 ring-1 ring-line" data-testid="review-item">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="rounded-md bg-[#fff8e1] px-2 py-0.5 font-semibold text-[#7a5200]">{KIND_TEXT[item.kind]}</span>
        <span className="rounded-md bg-page px-2 py-0.5 text-ink-2">{isOpinion ? '토론 글' : '회원'}</span>
        {reviewReasonTexts(item.reasons).map((text) => (
          <span key={text} className="text-ink-2">
            {text}
          </span>
        ))}
        <span className="ml-auto text-xs text-ink-3">올라온 때 {relativeTime(item.createdAt, now)}</span>
      </div>
      {item.content && <p className="mt-3 rounded-control bg-page px-3 py-2 text-[15px] break-words whitespace-pre-wrap">{item.content}</p>}
      {isOpinion && !item.visible && <p className="mt-2 text-sm text-ink-3">이미 숨겨진 글입니다.</p>}
      <p className="mt-2 text-sm text-ink-2">
        {isOpinion ? '작성자' : '회원'} <span className="font-semibold text-ink">{item.author.userNickname}</span>
        <span className="num text-ink-3"> · 회원번호 {item.author.userIdx}</span>
        <Link to={`/admin/members?query=${item.author.userIdx}`} className="ml-2 text-brand hover:underline">
          회원 보기
        </Link>
      </p>
      <div className="mt-3 border-t border-line pt-3">
        {isOpinion && (
          <label className="inline-flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" checked={withSanction} onChange={(e) => setWithSanction(e.target.checked)} className="size-4" />
            숨기면서 작성자 제재
          </label>
        )}
        {withSanction && (
          <div className="mt-2">
            <SanctionFields value={sanction} onChange={setSanction} />
          </div>
        )}
        <div className="mt-3 flex justify-end gap-2">
          <Button variant="ghost" size="control" disabled={busy} onClick={() => settle('DISMISS')}>
            문제 없음
          </Button>
          <Button size="control" disabled={busy} onClick={() => settle('UPHOLD')}>
            {upholdLabel}
          </Button>
        </div>
      </div>
    </li>
  );
}
