import { type FinancialYear, formatKoreanAmount } from '@beesang/contract';
import { Card } from '../../components/ui/card';
import { ScrollRegion } from '../../components/ui/scroll-region';

const METRICS: Array<{ key: 'operatingMargin' | 'debtRatio' | 'roe'; label: string }> = [
  { key: 'operatingMargin', label: '영업이익률' },
  { key: 'debtRatio', label: '부채비율' },
  { key: 'roe', label: 'ROE' },
];

function Bars({ data, pick, label }: { data: FinancialYear[]; pick(d: FinancialYear): number; label: string }) {
  const max = Math.max(1, ...data.map((d) => Math.abs(pick(d))));
  return (
    <figure>
      <figcaption className="mb-2 text-sm font-semibold text-ink-2">{label}</figcaption>
      <div className="flex h-28 items-end gap-2">
        {data.map((d) => {
          const v = pick(d);
          return (
            <div key={d.year} className="flex flex-1 flex-col items-center justify-end gap-1">
              <span className="num text-[11px] text-ink-3">{formatKoreanAmount(v, '')}</span>
              <div
                className={`w-full max-w-10 rounded-t ${v >= 0 ? 'bg-brand' : 'bg-rise'}`}
                style={{ height: `${Math.max(2, (Math.abs(v) / max) * 72)}px` }}
              />
              <span className="num text-xs text-ink-3">{d.year}</span>
            </div>
          );
        })}
      </div>
    </figure>
  );
}

/** Financial metrics (spec §9: operating margin, debt ratio, ROE) and yearly totals as bars. */
export function Financials({ data }: { data: FinancialYear[] }) {
  if (data.length === 0)
    return (
      <Card title="재무">
        <p className="py-6 text-center text-ink-3">공개된 재무 정보가 없습니다.</p>
      </Card>
    );
  const latest = data[data.length - 1] as FinancialYear;
  return (
    <Card title="재무" action={<span className="num text-xs text-ink-3">{latest.year}년 기준</span>}>
      <dl className="grid grid-cols-3 gap-2">
        {METRICS.map((m) => (
          <div key={m.key} className="rounded-control bg-page p-3 text-center">
            <dt className="text-xs text-ink-3">{m.label}</dt>
            <dd className={`num mt-1 text-lg font-bold ${latest[m.key] < 0 ? 'text-fall' : ''}`}>{latest[m.key].toFixed(2)}%</dd>
          </div>
        ))}
      </dl>
      <div className="mt-5 grid gap-5 sm:grid-cols-3">
        <Bars data={data} pick={(d) => d.revenue} label="매출액 (원)" />
        <Bars data={data} pick={(d) => d.operatingProfit} label="영업이익 (원)" />
        <Bars data={data} pick={(d) => d.netIncome} label="당기순이익 (원)" />
      </div>
      <ScrollRegion label="연도별 재무 지표" className="mt-5 rounded-control">
        <table className="w-full min-w-[480px] text-sm">
          <caption className="sr-only">연도별 재무 지표</caption>
          <thead>
            <tr className="border-b border-line text-ink-3">
              <th scope="col" className="py-2 text-left font-medium">
                연도
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                매출액
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                영업이익
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                당기순이익
              </th>
              {METRICS.map((m) => (
                <th key={m.key} scope="col" className="py-2 text-right font-medium">
                  {m.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="num">
            {data.map((d) => (
              <tr key={d.year} className="border-b border-line last:border-0">
                <th scope="row" className="py-2 text-left font-medium">
                  {d.year}
                </th>
                <td className="py-2 text-right">{formatKoreanAmount(d.revenue)}</td>
                <td className="py-2 text-right">{formatKoreanAmount(d.operatingProfit)}</td>
                <td className="py-2 text-right">{formatKoreanAmount(d.netIncome)}</td>
                {METRICS.map((m) => (
                  <td key={m.key} className="py-2 text-right">
                    {d[m.key].toFixed(2)}%
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </Card>
  );
}
