import { type AdminCautions, CAUTION_WINDOW_DAYS } from '@beesang/contract';
import { Link } from 'react-router';
import { count } from '../shared/page-header';

/**
 * The console's front page (issue 22 §4): how many messages went out with the caution line lately
 * (phone numbers, messenger links, account numbers, scam phrases), and who sent the most of them.
 */
export function CautionCard({ cautions }: { cautions: AdminCautions | null }) {
  return (
    <section className="h-full rounded-card bg-white p-5 ring-1 ring-line" aria-labelledby="caution-card-title" data-testid="caution-card">
      <h2 id="caution-card-title" className="text-sm font-semibold text-ink-2">
        주의 표시된 메시지 (최근 {CAUTION_WINDOW_DAYS}일)
      </h2>
      <p className="num mt-1 text-3xl font-bold">
        {cautions ? count(cautions.total7d) : <span className="text-base font-medium text-ink-3">불러오지 못함</span>}
      </p>
      {!cautions ? (
        <p className="mt-2 text-sm text-ink-3">주의 메시지 현황을 읽지 못했습니다.</p>
      ) : cautions.topSenders.length === 0 ? (
        <p className="mt-2 text-sm text-ink-3">외부 연락·선입금 유도로 보이는 메시지가 없었습니다.</p>
      ) : (
        <>
          <p className="mt-2 text-sm text-ink-3">많이 보낸 회원</p>
          <ol className="mt-1 space-y-0.5 text-sm">
            {cautions.topSenders.map((s) => (
              <li key={s.userIdx} className="flex justify-between gap-2">
                <Link to={`/admin/members?query=${s.userIdx}`} className="truncate text-brand hover:underline">
                  {s.userNickname} <span className="num text-ink-3">· 회원번호 {s.userIdx}</span>
                </Link>
                <span className="num shrink-0 text-ink-2">{count(s.count)}</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
