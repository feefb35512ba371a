import { formatPrice } from '@beesang/contract';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { Button } from '../../components/ui/button';
import { ApiError, endsSession } from '../../lib/api-client';
import { useNotify } from '../../lib/notify';
import { relativeTime } from '../../lib/relative-time';
import { type AdminProofRow, decideProof, type Queue } from './admin-api';
import { waitAge } from './wait-age';

const DECISIONS = [
  { status: 'VERIFIED', label: '인증 완료', variant: 'primary' },
  { status: 'REATTACHMENT', label: '재첨부 요청', variant: 'ghost' },
  { status: 'UNIDENTIFIED', label: '확인 불가', variant: 'ghost' },
  { status: 'NON_AUTHENTICITY', label: '위조 의심', variant: 'ghost' },
] as const;

/** 매물 인증: share proofs of unissued-stock sales, oldest first, with the image and the four decisions. */
export function ProofQueue(props: { queue: Queue<AdminProofRow>; now: number }) {
  const { queue, now } = props;
  return (
    <section aria-labelledby="proofs-title">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="proofs-title" className="text-xl font-bold">
          매물 인증 <span className="num text-brand">{queue.total.toLocaleString('ko-KR')}</span>건 대기
        </h1>
        <p className="text-sm text-ink-3">가장 오래 기다린 인증: {waitAge(queue.oldestWaitingSince, now)}</p>
      </header>
      {queue.data.length === 0 ? (
        <p className="mt-6 rounded-card bg-white p-8 text-center text-ink-3 ring-1 ring-line">검토할 인증이 없습니다.</p>
      ) : (
        <ul className="mt-4 grid gap-3 lg:grid-cols-2">
          {queue.data.map((p) => (
            <ProofCard key={p.tradeIdx} proof={p} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ProofCard({ proof: p, now }: { proof: AdminProofRow; now: number }) {
  const { notify } = useNotify();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [zoom, setZoom] = useState(false);

  async function decide(status: (typeof DECISIONS)[number]['status'], label: string) {
    if (busy) return;
    setBusy(true);
    try {
      await decideProof(p.tradeIdx, status);
      notify('success', '매물 인증', `${p.companyName} 매물: ${label}`);
      await revalidator.revalidate();
    } catch (error) {
      if (!endsSession(error)) notify('error', '매물 인증', error instanceof ApiError ? error.message : '처리하지 못했습니다.');
    } finally {
      setBusy(false);
    }
  }

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
              <Button
                key={d.status}
                variant={d.variant}
                className="h-9 px-3 text-sm"
                disabled={busy}
                onClick={() => decide(d.status, d.label)}
              >
                {d.label}
              </Button>
            ))}
          </div>
        </div>
      )}
    </li>
  );
}
