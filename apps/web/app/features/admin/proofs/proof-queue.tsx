import { formatPrice } from '@beesang/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { relativeTime } from '../../../lib/relative-time';
import { EmptyState } from '../shared/list-state';
import { count, PageHeader } from '../shared/page-header';
import type { Queue } from '../shared/paged';
import { useAdminAction } from '../shared/use-admin-action';
import { waitAge } from '../shared/wait-age';
import { type AdminProofRow, decideProof, type ProofDecision } from './proofs-api';

const DECISIONS = [
  { status: 'VERIFIED', label: '인증 완료', variant: 'primary' },
  { status: 'REATTACHMENT', label: '재첨부 요청', variant: 'ghost' },
  { status: 'UNIDENTIFIED', label: '확인 불가', variant: 'ghost' },
  { status: 'NON_AUTHENTICITY', label: '위조 의심', variant: 'ghost' },
] as const;

/** 매물 인증: share proofs of unissued-stock sales, oldest first, with the image and the four decisions. */
export function ProofQueue(props: { queue: Queue<AdminProofRow>; now: number }) {
  const { queue, now } = props;
  const [search] = useSearchParams();
  return (
    <section aria-labelledby="proofs-title">
      <PageHeader
        id="proofs-title"
        title="매물 인증"
        summary={`대기 ${count(queue.total)} · 첨부가 오래된 순`}
        actions={<p className="text-sm text-ink-3">가장 오래 기다린 인증: {waitAge(queue.oldestWaitingSince, now)}</p>}
      />
      {queue.data.length === 0 ? (
        <EmptyState>{queue.page > 1 ? '이 페이지에는 인증이 없습니다.' : '검토할 인증이 없습니다.'}</EmptyState>
      ) : (
        <ul className="mt-4 grid gap-3 lg:grid-cols-2">
          {queue.data.map((p) => (
            <ProofCard key={p.tradeIdx} proof={p} now={now} />
          ))}
        </ul>
      )}
      <Pagination page={queue.page} total={queue.total} size={queue.size} search={search} />
    </section>
  );
}

function ProofCard({ proof: p, now }: { proof: AdminProofRow; now: number }) {
  const { busy, run } = useAdminAction();
  const [zoom, setZoom] = useState(false);

  const decide = (status: ProofDecision, label: string) =>
    run('매물 인증', () => decideProof(p.tradeIdx, status), { done: `${p.companyName} 매물: ${label}` });

  return (
    <li className="flex gap-4 rounded-card bg-white p-4 ring-1 ring-line" data-testid="proof-row">
      <button
        type="button"
        onClick={() => setZoom((z) => !z)}
        aria-label={zoom ? '인증 이미지 작게 보기' : '인증 이미지 크게 보기'}
        aria-pressed={zoom}
        className={`shrink-0 overflow-hidden rounded-control bg-page ring-1 ring-line ${zoom ? 'w-full max-w-[480px]' : 'size-28'}`}
      >
        <img src={p.stockTradeProofImageUrl} alt={`${p.companyName} 매물 인증 자료`} className="size-full object-contain" />
      </button>
      {!zoom && (
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{p.companyName}</p>
          <p className="num mt-0.5 text-sm text-ink-2">
            매도 {p.stockCount.toLocaleString('ko-KR')}주 × {formatPrice(p.stockPerPrice)}원 ·{' '}
            {p.proofType === 'BANK' ? '잔고 증명' : '계약서'}
          </p>
          <p className="mt-0.5 text-xs text-ink-3">
            {p.writer.userNickname} · 회원번호 {p.ownerIdx} · 첨부 {relativeTime(p.createdAt, now)}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            {DECISIONS.map((d) => (
              <Button key={d.status} variant={d.variant} size="sm" disabled={busy} onClick={() => decide(d.status, d.label)}>
                {d.label}
              </Button>
            ))}
          </div>
        </div>
      )}
    </li>
  );
}
