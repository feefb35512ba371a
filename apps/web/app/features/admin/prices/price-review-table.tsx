import { changeRate, formatDateTime, formatNumber, formatPrice, formatRate } from '@beesang/contract';
import { Link } from 'react-router';
import { AdminTable, TD } from '../shared/admin-table';
import { exclusionText } from './exclusion-reasons';
import type { PriceReviewRow } from './prices-api';

const COLUMNS = [
  { label: '체결 시각' },
  { label: '종목' },
  { label: '회원' },
  { label: '체결가', align: 'right' as const },
  { label: '기준가 대비', align: 'right' as const },
  { label: '수량', align: 'right' as const },
  { label: '제외 사유' },
  { label: '가격', align: 'right' as const },
];

function VersusBasis({ price, basis }: { price: number; basis: number }) {
  if (basis <= 0) return <span className="text-ink-3">기준가 없음</span>;
  const rate = changeRate(price, basis);
  const colour = Number(rate) > 0 ? 'text-rise' : Number(rate) < 0 ? 'text-fall' : 'text-flat';
  return (
    <>
      <span className={colour}>{formatRate(rate)}</span>
      <span className="block text-xs text-ink-3">기준 {formatPrice(basis)}</span>
    </>
  );
}

/** Finishes left out of the price: when, whose, at what against the basis, and every reason. */
export function PriceReviewTable({ rows, onPrice }: { rows: PriceReviewRow[]; onPrice(row: PriceReviewRow): void }) {
  return (
    <AdminTable caption="가격에 반영되지 않은 체결" columns={COLUMNS} minWidth={860} testId="price-review">
      {rows.map((r) => (
        <tr key={r.tradeIdx}>
          <td className={`${TD} whitespace-nowrap`}>
            {formatDateTime(r.at)}
            <span className="block text-xs text-ink-3">매물 {r.tradeIdx}번</span>
          </td>
          <td className={TD}>
            <Link to={`/stock/${r.companyIdx}`} className="font-semibold hover:underline">
              {r.companyName}
            </Link>
          </td>
          <td className={TD}>
            {r.userNickname}
            <span className="block text-xs text-ink-3">회원번호 {r.userIdx}</span>
          </td>
          <td className={`${TD} text-right font-semibold`}>{formatPrice(r.price)}</td>
          <td className={`${TD} text-right`}>
            <VersusBasis price={r.price} basis={r.basis} />
          </td>
          <td className={`${TD} text-right`}>{formatNumber(r.stockCount)}주</td>
          <td className={TD}>
            <ul className="flex flex-wrap gap-1">
              {r.reasons.map((code) => (
                <li
                  key={code}
                  title={code}
                  className="rounded-md bg-[#fff8e1] px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap text-[#7a5200]"
                >
                  {exclusionText(code)}
                </li>
              ))}
            </ul>
          </td>
          <td className={`${TD} text-right`}>
            <button
              type="button"
              onClick={() => onPrice(r)}
              className="rounded-control px-2 py-1 text-sm font-semibold whitespace-nowrap text-brand hover:bg-brand/5"
              aria-label={`${r.companyName} 가격 입력`}
            >
              가격 입력
            </button>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
