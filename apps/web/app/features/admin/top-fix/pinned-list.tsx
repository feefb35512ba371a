import { formatDateTime, formatNumber, formatPrice, TradeType } from '@beesang/contract';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { StockLogo } from '../../../components/ui/stock-logo';
import { AdminTable, TD } from '../shared/admin-table';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { EmptyState } from '../shared/list-state';
import type { Paged } from '../shared/paged';
import { useAdminAction } from '../shared/use-admin-action';
import { durationText } from '../shared/wait-age';
import { type AdminPinnedRow, unpinTrade } from './top-fix-api';

const COLUMNS = [
  { label: '매물', className: 'w-20' },
  { label: '종목' },
  { label: '내용' },
  { label: '작성자' },
  { label: '고정 종료' },
  { label: '해제', align: 'right' as const, className: 'w-20' },
];

/** The listings pinned now, each with when its pin ends and a confirmed unpin. */
export function PinnedList({ pins, now }: { pins: Paged<AdminPinnedRow>; now: number }) {
  const [search] = useSearchParams();
  const { busy, run } = useAdminAction();
  const [asking, setAsking] = useState<AdminPinnedRow | null>(null);

  async function unpin(row: AdminPinnedRow) {
    const result = await run('고정 해제', () => unpinTrade(row.tradeIdx), { done: `매물 ${row.tradeIdx}번의 고정을 풀었습니다.` });
    if (result.ok) setAsking(null);
  }

  if (pins.data.length === 0)
    return <EmptyState>{pins.page > 1 ? '이 페이지에는 고정된 매물이 없습니다.' : '지금 상단에 고정된 매물이 없습니다.'}</EmptyState>;
  return (
    <>
      <AdminTable caption="상단 고정된 매물" columns={COLUMNS} testId="pinned-list">
        {pins.data.map((p) => (
          <tr key={p.tradeIdx}>
            <td className={`${TD} font-semibold`}>{p.tradeIdx}</td>
            <td className={TD}>
              <Link to={`/stock/${p.companyIdx}`} className="flex items-center gap-2 font-semibold hover:underline">
                <StockLogo src={p.companyLogoUrl} name={p.companyName} size={24} />
                {p.companyName}
              </Link>
            </td>
            <td className={TD}>
              <span className={p.tradeType === TradeType.BUY ? 'text-rise' : 'text-fall'}>
                {p.tradeType === TradeType.BUY ? '매수' : '매도'}
              </span>{' '}
              {formatNumber(p.stockCount)}주 × {formatPrice(p.stockPerPrice)}
            </td>
            <td className={TD}>
              {p.writer.userNickname}
              <span className="block text-xs text-ink-3">회원번호 {p.ownerIdx}</span>
            </td>
            <td className={`${TD} whitespace-nowrap`}>
              {formatDateTime(p.pinEndsAt)}
              <span className="block text-xs text-ink-3">{durationText(Date.parse(p.pinEndsAt) - now)} 남음</span>
            </td>
            <td className={`${TD} text-right`}>
              <Button variant="ghost" size="sm" aria-label={`매물 ${p.tradeIdx}번 고정 해제`} onClick={() => setAsking(p)}>
                해제
              </Button>
            </td>
          </tr>
        ))}
      </AdminTable>
      <Pagination page={pins.page} total={pins.total} size={pins.size} search={search} />
      <ConfirmDialog
        open={asking !== null}
        title="상단 고정 해제"
        confirmLabel="고정 해제"
        busy={busy}
        onClose={() => setAsking(null)}
        onConfirm={() => asking && unpin(asking)}
      >
        {asking && (
          <p>
            {asking.companyName} 매물 {asking.tradeIdx}번의 상단 고정을 지금 해제할까요? 목록에서 원래 순서로 돌아갑니다.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
