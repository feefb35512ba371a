import { formatNumber, IMPORT_FILES, type ImportReport } from '@beesang/contract';
import { AdminTable, TD } from '../shared/admin-table';

export const FILE_TEXT = { companies: '종목', prices: '가격', financials: '재무' } as const;
const COLUMNS = [
  { label: '파일', className: 'w-36' },
  { label: '행', align: 'right' as const, className: 'w-16' },
  { label: '열', className: 'w-40' },
  { label: '문제' },
  { label: '값', className: 'w-48' },
];

/** What a dry run (or an import) found: rows per file, and every bad line with its column and value. */
export function ImportReportView({ report, stale }: { report: ImportReport; stale: boolean }) {
  const clean = report.problemCount === 0;
  const tone = report.written ? 'bg-success/10 text-[#02724a]' : clean ? 'bg-brand/5 text-brand-hover' : 'bg-rise/10 text-rise-ink';
  const headline = report.written
    ? '가져오기를 마쳤습니다.'
    : clean
      ? '문제가 없습니다. ‘가져오기’로 저장할 수 있습니다.'
      : `문제 ${formatNumber(report.problemCount)}건: 고친 파일로 다시 미리보기 하세요. 아무것도 저장하지 않았습니다.`;
  return (
    <div className="mt-4" data-testid="import-report">
      <p role="status" className={`rounded-control px-3 py-2 text-sm font-semibold ${tone}`}>
        {stale && !report.written ? '파일이 바뀌었습니다. 다시 미리보기 하세요. (아래는 이전 파일의 결과)' : headline}
      </p>
      <dl className="num mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        {IMPORT_FILES.map((k) => (
          <div key={k} className="flex gap-1.5">
            <dt className="text-ink-3">{FILE_TEXT[k]}</dt>
            <dd className="font-semibold">{formatNumber(report.counts[k])}행</dd>
          </div>
        ))}
      </dl>
      {report.problems.length > 0 && (
        <>
          <AdminTable caption="잘못된 행 목록" columns={COLUMNS} minWidth={680} testId="import-problems">
            {report.problems.map((p, i) => (
              <tr key={i}>
                <td className={`${TD} whitespace-nowrap`}>{p.file}</td>
                <td className={`${TD} text-right`}>{p.line === 0 ? '파일' : formatNumber(p.line)}</td>
                <td className={`${TD} font-mono text-xs break-words`}>{p.column || '–'}</td>
                <td className={TD}>{p.message}</td>
                <td className={`${TD} font-mono text-xs break-all`}>
                  {p.value === '' ? <span className="text-ink-3">(빈 값)</span> : p.value}
                </td>
              </tr>
            ))}
          </AdminTable>
          {report.problemCount > report.problems.length && (
            <p className="mt-2 text-sm text-ink-3">
              처음 {formatNumber(report.problems.length)}건만 보여 줍니다 (전체 {formatNumber(report.problemCount)}건).
            </p>
          )}
        </>
      )}
    </div>
  );
}
