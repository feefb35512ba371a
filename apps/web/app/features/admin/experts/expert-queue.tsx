import { type AdminExpertRow, EXPERT_BADGE_TEXT, formatDate, messages } from '@beesang/contract';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { relativeTime } from '../../../lib/relative-time';
import { Field, TEXTAREA } from '../shared/field';
import { EmptyState } from '../shared/list-state';
import { count, PageHeader } from '../shared/page-header';
import type { Queue } from '../shared/paged';
import { fieldErrorsOf, useAdminAction } from '../shared/use-admin-action';
import { waitAge } from '../shared/wait-age';
import { decideExpert } from './experts-api';

/** Reasons operators give most, one click away; the text stays editable. */
const REASONS = [
  '증빙 이미지가 흐리거나 잘려서 확인할 수 없습니다.',
  '증빙의 이름이 입력한 이름과 다릅니다.',
  '증빙의 소속이 입력한 사무소와 다릅니다.',
  '명함이나 자격증이 아닌 이미지입니다.',
];

/** 전문가 심사 (decision 0016): PB and CTA claims with their proof, oldest first; approve, or reject with a reason. */
export function ExpertQueue(props: { queue: Queue<AdminExpertRow>; now: number }) {
  const { queue, now } = props;
  const [search] = useSearchParams();
  return (
    <section aria-labelledby="experts-title">
      <PageHeader
        id="experts-title"
        title="전문가 심사"
        summary={`대기 ${count(queue.total)} · 증빙을 낸 순 · 승인 전에는 배지와 전문가 정보가 다른 회원에게 보이지 않습니다`}
        actions={<p className="text-sm text-ink-3">가장 오래 기다린 심사: {waitAge(queue.oldestWaitingSince, now)}</p>}
      />
      {queue.data.length === 0 ? (
        <EmptyState>{queue.page > 1 ? '이 페이지에는 심사할 회원이 없습니다.' : '심사를 기다리는 전문가가 없습니다.'}</EmptyState>
      ) : (
        <ul className="mt-4 space-y-3">
          {queue.data.map((row) => (
            <ExpertCard key={row.userIdx} row={row} now={now} />
          ))}
        </ul>
      )}
      <Pagination page={queue.page} total={queue.total} size={queue.size} search={search} />
    </section>
  );
}

function ExpertCard({ row, now }: { row: AdminExpertRow; now: number }) {
  const { busy, run } = useAdminAction();
  const [zoom, setZoom] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const who = `${row.expertName} (${row.userNickname})`;

  const approve = () =>
    run('전문가 심사', () => decideExpert(row.userIdx, { decision: 'APPROVE', proofUrl: row.proofUrl }), {
      done: `${who}: 승인했습니다. 배지가 바로 표시됩니다.`,
    });

  const reject = async () => {
    if (!reason.trim()) return setReasonError(messages.expertRejectReasonRequired);
    const result = await run('전문가 심사', () => decideExpert(row.userIdx, { decision: 'REJECT', reason, proofUrl: row.proofUrl }), {
      done: `${who}: 반려했습니다. 회원에게 사유가 보입니다.`,
    });
    if (!result.ok) setReasonError(fieldErrorsOf(result.error)['body.reason'] ?? '');
  };

  return (
    <li className="flex flex-col gap-4 rounded-card bg-white p-4 ring-1 ring-line sm:flex-row" data-testid="expert-row">
      <button
        type="button"
        onClick={() => setZoom((z) => !z)}
        aria-label={zoom ? '증빙 이미지 작게 보기' : '증빙 이미지 크게 보기'}
        aria-pressed={zoom}
        className={`shrink-0 self-start overflow-hidden rounded-control bg-page ring-1 ring-line ${zoom ? 'w-full max-w-[560px]' : 'h-32 w-full sm:w-48'}`}
      >
        <img src={row.proofUrl} alt={`${who}의 전문가 증빙`} className="size-full object-contain" />
      </button>
      <div className={`min-w-0 flex-1 ${zoom ? 'sm:hidden' : ''}`}>
        <div className="flex flex-wrap items-center gap-2">
          <span className="rounded-md bg-brand/10 px-1.5 py-0.5 text-xs font-semibold text-brand-hover">
            {EXPERT_BADGE_TEXT[row.expertType]}
          </span>
          <span className="text-[17px] font-bold">{row.expertName}</span>
          <span className="text-sm text-ink-2">{row.userNickname}</span>
          <span className="ml-auto text-xs text-ink-3">제출 {relativeTime(row.submittedAt, now)}</span>
        </div>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-ink-3">{row.expertType === 'PB' ? '증권사' : '세무사무소'}</dt>
          <dd className="min-w-0 break-words">
            {row.officeName}
            {row.officeDept && <span className="text-ink-2"> · {row.officeDept}</span>}
          </dd>
          <dt className="text-ink-3">회원</dt>
          <dd className="num text-ink-2">
            회원번호 {row.userIdx} · 가입 {formatDate(row.joinedAt)}
            <Link to={`/admin/members?query=${row.userIdx}`} className="ml-2 text-brand hover:underline">
              회원 보기
            </Link>
          </dd>
          {row.introduction && (
            <>
              <dt className="text-ink-3">소개</dt>
              <dd className="line-clamp-3 break-words whitespace-pre-wrap text-ink-2">{row.introduction}</dd>
            </>
          )}
        </dl>
        {row.previousRejectReason && (
          <p className="mt-2 rounded-control bg-page px-3 py-2 text-sm text-ink-2">
            <span className="font-semibold text-ink">이전 반려 사유</span> {row.previousRejectReason}
          </p>
        )}
        {rejecting ? (
          <div className="mt-3 border-t border-line pt-3">
            <Field label="반려 사유 (회원에게 그대로 보입니다)" error={reasonError}>
              {(control) => (
                <textarea
                  {...control}
                  rows={2}
                  maxLength={300}
                  value={reason}
                  onChange={(e) => {
                    setReason(e.target.value);
                    setReasonError('');
                  }}
                  className={TEXTAREA}
                />
              )}
            </Field>
            <div className="mt-2 flex flex-wrap gap-1.5">
              {REASONS.map((text) => (
                <button
                  key={text}
                  type="button"
                  onClick={() => {
                    setReason(text);
                    setReasonError('');
                  }}
                  className="rounded-full px-2.5 py-1 text-xs text-ink-2 ring-1 ring-line hover:bg-page"
                >
                  {text}
                </button>
              ))}
            </div>
            <div className="mt-3 flex justify-end gap-2">
              <Button variant="ghost" size="control" disabled={busy} onClick={() => setRejecting(false)}>
                취소
              </Button>
              <Button variant="buy" size="control" disabled={busy} onClick={reject}>
                반려하기
              </Button>
            </div>
          </div>
        ) : (
          <div className="mt-3 flex justify-end gap-2">
            <Button variant="ghost" size="control" disabled={busy} onClick={() => setRejecting(true)}>
              반려
            </Button>
            <Button size="control" disabled={busy} onClick={approve}>
              승인
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}
