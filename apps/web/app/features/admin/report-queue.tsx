import { type AdminReportGroup, reportReasonText } from '@beesang/contract';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { Button } from '../../components/ui/button';
import { ApiError, endsSession } from '../../lib/api-client';
import { useNotify } from '../../lib/notify';
import { relativeTime } from '../../lib/relative-time';
import { type Queue, resolveReport } from './admin-api';
import { emptySanction, SanctionFields, sanctionBody } from './sanction-fields';
import { waitAge } from './wait-age';

const reasonText = (code: string) => reportReasonText.find((r) => r.reason === Number(code))?.text ?? '기타';

/** 신고: reports grouped by what they are about, oldest waiting first, each settled in one step. */
export function ReportQueue(props: { queue: Queue<AdminReportGroup>; now: number }) {
  const { queue, now } = props;
  return (
    <section aria-labelledby="reports-title">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="reports-title" className="text-xl font-bold">
          신고 <span className="num text-brand">{queue.total.toLocaleString('ko-KR')}</span>건 대기
        </h1>
        <p className="text-sm text-ink-3">가장 오래 기다린 신고: {waitAge(queue.oldestWaitingSince, now)}</p>
      </header>
      {queue.data.length === 0 ? (
        <p className="mt-6 rounded-card bg-white p-8 text-center text-ink-3 ring-1 ring-line">처리할 신고가 없습니다.</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {queue.data.map((g) => (
            <ReportCard key={`${g.targetType}-${g.targetId}`} group={g} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ReportCard({ group: g, now }: { group: AdminReportGroup; now: number }) {
  const { notify } = useNotify();
  const revalidator = useRevalidator();
  const [withSanction, setWithSanction] = useState(false);
  const [sanction, setSanction] = useState(emptySanction);
  const [busy, setBusy] = useState(false);
  const kind = g.targetType === 'TRADE' ? '매물' : '토론 글';

  async function settle(action: 'DISMISS' | 'HIDE') {
    if (busy) return;
    if (action === 'HIDE' && withSanction && !sanction.reason.trim()) {
      notify('warning', '신고 처리', '제재 사유를 입력해주세요.');
      return;
    }
    setBusy(true);
    try {
      await resolveReport(g, { action, ...(action === 'HIDE' && withSanction && { sanction: sanctionBody(sanction, Date.now()) }) });
      notify('success', '신고 처리', action === 'HIDE' ? `${kind}을 숨겼습니다.` : '신고를 기각했습니다.');
      await revalidator.revalidate();
    } catch (error) {
      if (!endsSession(error)) notify('error', '신고 처리', error instanceof ApiError ? error.message : '처리하지 못했습니다.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="rounded-card bg-white p-4 ring-1 ring-line" data-testid="report-group">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="rounded-md bg-rise/10 px-2 py-0.5 font-semibold text-rise">신고 {g.count}건</span>
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
        작성자 <span className="font-semibold text-ink">{g.author?.userNickname ?? '알 수 없음'}</span>
        {g.author && <span className="num text-ink-3"> · 회원번호 {g.author.userIdx}</span>}
      </p>
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
          숨기면서 작성자 제재
        </label>
        {withSanction && (
          <div className="mt-2">
            <SanctionFields value={sanction} onChange={setSanction} />
          </div>
        )}
        <div className="mt-3 flex justify-end gap-2">
          <Button variant="ghost" className="h-10" disabled={busy} onClick={() => settle('DISMISS')}>
            기각
          </Button>
          <Button className="h-10" disabled={busy} onClick={() => settle('HIDE')}>
            {withSanction ? '숨기고 제재' : '숨김'}
          </Button>
        </div>
      </div>
    </li>
  );
}
