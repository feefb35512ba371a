import { type AdminReportGroup, reportReasonText } from '@beesang/contract';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { useNotify } from '../../../lib/notify';
import { relativeTime } from '../../../lib/relative-time';
import { EmptyState } from '../shared/list-state';
import { count, PageHeader } from '../shared/page-header';
import type { Queue } from '../shared/paged';
import { emptySanction, SanctionFields, sanctionBody } from '../shared/sanction-fields';
import { useAdminAction } from '../shared/use-admin-action';
import { waitAge } from '../shared/wait-age';
import { resolveReport } from './reports-api';

const KIND: Record<AdminReportGroup['targetType'], string> = { TRADE: '매물', OPINION: '토론 글', CONVERSATION: '대화' };
const reasonText = (code: string) => reportReasonText.find((r) => r.reason === Number(code))?.text ?? '기타';

/** 신고: reports grouped by what they are about, oldest waiting first, each settled in one step. */
export function ReportQueue(props: { queue: Queue<AdminReportGroup>; now: number }) {
  const { queue, now } = props;
  const [search] = useSearchParams();
  return (
    <section aria-labelledby="reports-title">
      <PageHeader
        id="reports-title"
        title="신고"
        summary={`대기 ${count(queue.total)} · 신고 대상별로 묶어 오래 기다린 순`}
        actions={<p className="text-sm text-ink-3">가장 오래 기다린 신고: {waitAge(queue.oldestWaitingSince, now)}</p>}
      />
      {queue.data.length === 0 ? (
        <EmptyState>{queue.page > 1 ? '이 페이지에는 신고가 없습니다.' : '처리할 신고가 없습니다.'}</EmptyState>
      ) : (
        <ul className="mt-4 space-y-3">
          {queue.data.map((g) => (
            <ReportCard key={`${g.targetType}-${g.targetId}`} group={g} now={now} />
          ))}
        </ul>
      )}
      <Pagination page={queue.page} total={queue.total} size={queue.size} search={search} />
    </section>
  );
}

function ReportCard({ group: g, now }: { group: AdminReportGroup; now: number }) {
  const { notify } = useNotify();
  const { busy, run } = useAdminAction();
  const [withSanction, setWithSanction] = useState(false);
  const [sanction, setSanction] = useState(emptySanction);
  const kind = KIND[g.targetType];
  // A conversation has nothing to hide: upholding its reports names the member reported, for a sanction.
  const isConversation = g.targetType === 'CONVERSATION';

  async function settle(action: 'DISMISS' | 'HIDE') {
    if (action === 'HIDE' && withSanction && !sanction.reason.trim()) {
      notify('warning', '신고 처리', '제재 사유를 입력해주세요.');
      return;
    }
    const sanctionPart = action === 'HIDE' && withSanction ? { sanction: sanctionBody(sanction, Date.now()) } : {};
    const settled = await run('신고 처리', () => resolveReport(g, { action, ...sanctionPart }), {
      done: action === 'DISMISS' ? '신고를 기각했습니다.' : isConversation ? '신고를 인정했습니다.' : `${kind}을 숨겼습니다.`,
    });
    // The card leaves the queue with the button that had focus: the queue's title takes it, one Tab
    // before the next report, rather than the page's <body>.
    if (settled.ok) document.getElementById('reports-title')?.focus();
  }

  return (
    <li className="rounded-card bg-white p-4 ring-1 ring-line" data-testid="report-group">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="rounded-md bg-rise/10 px-2 py-0.5 font-semibold text-rise-ink">신고 {g.count}건</span>
        <span className="rounded-md bg-page px-2 py-0.5 text-ink-2">{kind}</span>
        {Object.entries(g.reasons).map(([code, n]) => (
          <span key={code} className="text-ink-2">
            {reasonText(code)} {n}
          </span>
        ))}
        <span className="ml-auto text-xs text-ink-3">첫 신고 {relativeTime(g.firstAt, now)}</span>
      </div>
      <p className="mt-3 rounded-control bg-page px-3 py-2 text-[15px] break-words whitespace-pre-wrap">{g.content || '(내용 없음)'}</p>
      <p className="mt-2 text-sm text-ink-2">
        {isConversation ? '신고된 회원' : '작성자'} <span className="font-semibold text-ink">{g.author?.userNickname ?? '알 수 없음'}</span>
        {g.author && <span className="num text-ink-3"> · 회원번호 {g.author.userIdx}</span>}
      </p>
      {isConversation && (
        <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-ink-3">
          {/* Each reading is an audit entry: the link never reads ahead (no prefetch on hover or sight). */}
          <Link
            to={`/admin/conversations/${g.targetId}`}
            prefetch="none"
            className="inline-flex h-9 items-center rounded-control px-3 font-semibold text-ink ring-1 ring-line hover:bg-page"
          >
            대화 읽기
          </Link>
          읽을 때마다 감사 로그에 남습니다.
        </p>
      )}
      {g.details.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm text-ink-2">
          {g.details.map((d, i) => (
            <li key={i}>“{d}”</li>
          ))}
        </ul>
      )}
      <div className="mt-3 border-t border-line pt-3">
        <label className="inline-flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" checked={withSanction} onChange={(e) => setWithSanction(e.target.checked)} className="size-4" />
          {isConversation ? '인정하면서 신고된 회원 제재' : '숨기면서 작성자 제재'}
        </label>
        {withSanction && (
          <div className="mt-2">
            <SanctionFields value={sanction} onChange={setSanction} />
          </div>
        )}
        <div className="mt-3 flex justify-end gap-2">
          <Button variant="ghost" size="control" disabled={busy} onClick={() => settle('DISMISS')}>
            기각
          </Button>
          <Button size="control" disabled={busy} onClick={() => settle('HIDE')}>
            {isConversation ? (withSanction ? '인정하고 제재' : '신고 인정') : withSanction ? '숨기고 제재' : '숨김'}
          </Button>
        </div>
      </div>
    </li>
  );
}
