import { formatDateTime, formatPrice, formatRate } from '@beesang/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../../lib/session';
import { AdminTable, TD } from '../shared/admin-table';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { CONTROL, Field } from '../shared/field';
import { EmptyState, LoadFailed } from '../shared/list-state';
import type { Paged } from '../shared/paged';
import { useAdminAction } from '../shared/use-admin-action';
import { approvePriceEntry, type PriceEntry, rejectPriceEntry } from './prices-api';

const COLUMNS = [
  { label: '종목' },
  { label: '입력 가격', align: 'right' as const },
  { label: '현재가 대비', align: 'right' as const },
  { label: '입력' },
  { label: '사유' },
  { label: '처리', align: 'right' as const },
];

function Difference({ entry }: { entry: PriceEntry }) {
  if (entry.differenceRate === null) return <span className="text-ink-3">현재가 없음</span>;
  const colour = entry.differenceRate > 0 ? 'text-rise-ink' : entry.differenceRate < 0 ? 'text-fall' : 'text-flat';
  return (
    <>
      <span className={`font-semibold ${colour}`}>{formatRate(entry.differenceRate)}</span>
      <span className="block text-xs text-ink-3">현재 {formatPrice(entry.currentPrice)}</span>
    </>
  );
}

type Asking = { entry: PriceEntry; verb: 'approve' | 'reject' };

/**
 * 승인 대기 가격 (issue 21): each operator's price waits here until another operator approves it;
 * one more than ±30 % from the price now waits for an ADMIN. Its author may withdraw it.
 */
export function PendingPrices({ entries }: { entries: Paged<PriceEntry> | null }) {
  const me = useSession().user;
  const { busy, run } = useAdminAction();
  const [asking, setAsking] = useState<Asking | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();

  if (!entries) return <LoadFailed what="승인 대기 가격" />;
  if (entries.data.length === 0) return <EmptyState>승인을 기다리는 가격이 없습니다.</EmptyState>;

  async function decide({ entry, verb }: Asking) {
    if (verb === 'reject' && !reason.trim()) return setReasonError('반려 사유를 입력해주세요.');
    const title = verb === 'approve' ? '가격 승인' : '가격 반려';
    const result = await run(
      title,
      () => (verb === 'approve' ? approvePriceEntry(entry.entryId) : rejectPriceEntry(entry.entryId, reason.trim())),
      {
        done:
          verb === 'approve'
            ? `${entry.companyName}의 현재가가 ${formatPrice(entry.price)}이 되었습니다.`
            : `${entry.companyName}의 ${formatPrice(entry.price)} 입력을 반려했습니다.`,
      },
    );
    if (result.ok) close();
  }
  function close() {
    setAsking(null);
    setReason('');
    setReasonError(undefined);
  }

  return (
    <>
      <AdminTable caption="승인을 기다리는 운영자 가격" columns={COLUMNS} minWidth={820} testId="pending-prices">
        {entries.data.map((e) => {
          const mine = e.enteredBy.userIdx === me?.userIdx;
          const adminOnly = e.needsAdmin && me?.staffRole !== 'ADMIN';
          return (
            <tr key={e.entryId}>
              <td className={TD}>
                <Link to={`/stock/${e.companyIdx}`} className="font-semibold hover:underline">
                  {e.companyName}
                </Link>
                {e.needsAdmin && (
                  <span className="mt-1 block w-fit rounded-md bg-[#fff8e1] px-1.5 py-0.5 text-xs font-semibold text-[#7a5200]">
                    ±30% 초과 · 관리자 승인
                  </span>
                )}
              </td>
              <td className={`${TD} text-right font-semibold`}>{formatPrice(e.price)}</td>
              <td className={`${TD} text-right`}>
                <Difference entry={e} />
              </td>
              <td className={`${TD} whitespace-nowrap`}>
                {e.enteredBy.userNickname}
                {mine && <span className="text-ink-3"> (나)</span>}
                <span className="block text-xs text-ink-3">{formatDateTime(e.enteredAt)}</span>
              </td>
              <td className={`${TD} max-w-[240px] break-words text-ink-2`}>{e.note}</td>
              <td className={`${TD} text-right`}>
                <div className="flex justify-end gap-1">
                  {mine ? (
                    <span className="self-center text-xs whitespace-nowrap text-ink-3">다른 운영자 승인 필요</span>
                  ) : adminOnly ? (
                    <span className="self-center text-xs whitespace-nowrap text-ink-3">관리자만 승인</span>
                  ) : (
                    <Button
                      size="sm"
                      aria-label={`${e.companyName} ${formatPrice(e.price)} 승인`}
                      onClick={() => setAsking({ entry: e, verb: 'approve' })}
                    >
                      승인
                    </Button>
                  )}
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`${e.companyName} ${formatPrice(e.price)} ${mine ? '철회' : '반려'}`}
                    onClick={() => setAsking({ entry: e, verb: 'reject' })}
                  >
                    {mine ? '철회' : '반려'}
                  </Button>
                </div>
              </td>
            </tr>
          );
        })}
      </AdminTable>
      <ConfirmDialog
        open={asking !== null}
        title={asking?.verb === 'approve' ? '가격 승인' : '가격 반려'}
        confirmLabel={asking?.verb === 'approve' ? '승인하고 반영' : '반려'}
        busy={busy}
        onClose={close}
        onConfirm={() => asking && decide(asking)}
      >
        {asking?.verb === 'approve' && (
          <p>
            <strong>{asking.entry.companyName}</strong>의 현재가를 {formatPrice(asking.entry.currentPrice)}에서{' '}
            <strong>{formatPrice(asking.entry.price)}</strong>으로 바꿉니다. 종목 페이지에 ‘운영자 입력’으로 바로 표시됩니다.
          </p>
        )}
        {asking?.verb === 'reject' && (
          <div className="space-y-3">
            <p>
              {asking.entry.companyName} {formatPrice(asking.entry.price)} 입력을 반려합니다. 가격은 바뀌지 않습니다.
            </p>
            <Field label="반려 사유 (필수)" error={reasonError}>
              {(c) => (
                <input
                  {...c}
                  className={CONTROL}
                  maxLength={300}
                  value={reason}
                  onChange={(ev) => setReason(ev.target.value)}
                  autoComplete="off"
                />
              )}
            </Field>
          </div>
        )}
      </ConfirmDialog>
    </>
  );
}
