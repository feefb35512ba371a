import { formatDateTime } from '@beesang/contract';
import { useEffect, useState } from 'react';
import { ListEmpty, ListFailed, ListLoading } from '../../../components/ui/list-state';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { ApiError } from '../../../lib/api-client';
import { SANCTION_LABEL } from '../shared/sanction-fields';
import { type SanctionHistoryEntry, sanctionHistory } from './members-api';

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'done'; rows: SanctionHistoryEntry[] };

/** A member's sanctions, newest first as the API lists them, with who imposed each and until when. */
export function SanctionHistory({ userIdx }: { userIdx: number }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry's trigger
  useEffect(() => {
    let live = true;
    setLoaded({ state: 'loading' });
    sanctionHistory(userIdx)
      .then((rows) => live && setLoaded({ state: 'done', rows }))
      .catch(
        (e) => live && setLoaded({ state: 'failed', message: e instanceof ApiError ? e.message : '제재 이력을 불러오지 못했습니다.' }),
      );
    return () => {
      live = false;
    };
  }, [userIdx, attempt]);

  if (loaded.state === 'loading') return <ListLoading label="제재 이력을 불러오는 중…" rows={2} shape="line" />;
  if (loaded.state === 'failed') return <ListFailed size="compact" message={loaded.message} onRetry={() => setAttempt((n) => n + 1)} />;
  if (loaded.rows.length === 0) return <ListEmpty size="compact">제재 이력이 없습니다.</ListEmpty>;
  return (
    <ScrollRegion label="제재 이력">
      <table className="num w-full min-w-[560px] text-sm">
        <caption className="sr-only">제재 이력</caption>
        <thead>
          <tr className="border-b border-line text-left text-ink-3">
            <th scope="col" className="py-1.5 pr-3 font-medium">
              단계
            </th>
            <th scope="col" className="py-1.5 pr-3 font-medium">
              사유
            </th>
            <th scope="col" className="py-1.5 pr-3 font-medium">
              시작
            </th>
            <th scope="col" className="py-1.5 pr-3 font-medium">
              종료
            </th>
            <th scope="col" className="py-1.5 font-medium">
              처리자
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {loaded.rows.map((h, i) => (
            <tr key={i}>
              <td className="py-1.5 pr-3 font-semibold whitespace-nowrap">{SANCTION_LABEL[h.state] ?? h.state}</td>
              <td className="py-1.5 pr-3 break-words">{h.reason || '–'}</td>
              <td className="py-1.5 pr-3 whitespace-nowrap">{formatDateTime(h.startsAt)}</td>
              <td className="py-1.5 pr-3 whitespace-nowrap">{h.endsAt ? formatDateTime(h.endsAt) : '기한 없음'}</td>
              <td className="py-1.5 whitespace-nowrap">{h.staffUserIdx ? `회원번호 ${h.staffUserIdx}` : '자동'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
