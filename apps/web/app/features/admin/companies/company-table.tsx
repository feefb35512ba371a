import {
  type AdminCompanyRow,
  formatKoreanAmount,
  formatPrice,
  MARKET_LABEL_TEXT,
  type MarketLabel,
  SECTOR_TEXT,
  type Sector,
} from '@beesang/contract';
import { StockLogo } from '../../../components/ui/stock-logo';
import { AdminTable, TD } from '../shared/admin-table';
import { sourceText } from '../shared/price-source';

const COLUMNS = [
  { label: '종목' },
  { label: '업종 · 시장' },
  { label: '현재가', align: 'right' as const },
  { label: '발행주식수', align: 'right' as const },
  { label: '수정', align: 'right' as const, className: 'w-20' },
];

/** A page of companies with what an editor checks at a glance; each opens the edit form. */
export function CompanyTable({ rows, onEdit }: { rows: AdminCompanyRow[]; onEdit(row: AdminCompanyRow): void }) {
  return (
    <AdminTable caption="종목 목록" columns={COLUMNS} testId="company-table">
      {rows.map((r) => (
        <tr key={r.companyIdx}>
          <td className={TD}>
            <div className="flex items-center gap-2">
              <StockLogo src={r.companyLogoUrl} name={r.companyName} size={28} />
              <div>
                <p className="font-semibold">{r.companyName}</p>
                <p className="text-xs text-ink-3">
                  {r.beesangCode} · 번호 {r.companyIdx}
                </p>
              </div>
            </div>
          </td>
          <td className={TD}>
            {SECTOR_TEXT[r.sector as Sector] ?? r.sector}
            <span className="block text-xs text-ink-3">
              {r.stockLabelType.map((l) => MARKET_LABEL_TEXT[l as MarketLabel] ?? l).join(', ') || '–'}
            </span>
          </td>
          <td className={`${TD} text-right`}>
            {formatPrice(r.companyStockCurrentPrice)}
            <span className="block text-xs text-ink-3">{sourceText(r)}</span>
          </td>
          <td className={`${TD} text-right`}>{r.sharesOutstanding > 0 ? `${formatKoreanAmount(r.sharesOutstanding, '주')}` : '–'}</td>
          <td className={`${TD} text-right`}>
            <button
              type="button"
              onClick={() => onEdit(r)}
              className="rounded-control px-2 py-1 text-sm font-semibold text-brand hover:bg-brand/5"
              aria-label={`${r.companyName} 수정`}
            >
              수정
            </button>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
