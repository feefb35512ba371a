import { IMPORT_FILES, IMPORT_MAX_BYTES, type ImportFileKind, type ImportReport } from '@beesang/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ApiError } from '../../../lib/api-client';
import { CONTROL, Field } from '../shared/field';
import { useAdminAction } from '../shared/use-admin-action';
import { importCompanies } from './companies-api';
import { FILE_TEXT, ImportReportView } from './import-report';

type Files = Record<ImportFileKind, File | null>;
const NO_FILES: Files = { companies: null, prices: null, financials: null };
const sameFiles = (a: Files, b: Files) => IMPORT_FILES.every((k) => a[k] === b[k]);
const chosen = (files: Files) => Object.fromEntries(IMPORT_FILES.filter((k) => files[k]).map((k) => [k, files[k] as File]));

/**
 * CSV import: pick any of the three files, 미리보기 checks every line and writes nothing; 가져오기
 * opens only after a clean dry run of exactly those files, and writes all or nothing.
 */
export function CompanyImport() {
  const { busy, run } = useAdminAction();
  const [files, setFiles] = useState<Files>(NO_FILES);
  const [report, setReport] = useState<{ of: Files; report: ImportReport } | null>(null);
  const [tooLarge, setTooLarge] = useState<Partial<Record<ImportFileKind, string>>>({});
  const [round, setRound] = useState(0);
  const any = IMPORT_FILES.some((k) => files[k]);
  const stale = report !== null && !sameFiles(report.of, files);
  const ready = report !== null && !stale && report.report.dryRun && report.report.problemCount === 0 && any;

  function pick(kind: ImportFileKind, file: File | null) {
    const big = file && file.size > IMPORT_MAX_BYTES;
    setTooLarge((t) => ({
      ...t,
      [kind]: big ? 'CSV 파일은 10MB 이하만 올릴 수 있습니다. 더 큰 자료는 npm run data:import를 쓰세요.' : undefined,
    }));
    setFiles((f) => ({ ...f, [kind]: big ? null : file }));
  }

  async function dryRun(of = files) {
    const result = await run('가져오기 미리보기', () => importCompanies(chosen(of), true), { revalidate: false });
    if (result.ok) setReport({ of, report: result.value });
  }

  async function commit() {
    const of = files;
    const result = await run('종목 가져오기', () => importCompanies(chosen(of), false), { done: '종목 자료를 저장했습니다.' });
    if (result.ok) {
      setReport({ of: NO_FILES, report: result.value });
      setFiles(NO_FILES);
      setRound((r) => r + 1);
    } else if (result.error instanceof ApiError && result.error.code === 'IMPORT_INVALID') await dryRun(of);
  }

  return (
    <div id="company-import" className="mt-6 scroll-mt-24">
      <Card title="CSV 가져오기">
        <p className="text-sm text-ink-2">파일 형식은 docs/data-import.md를 따릅니다. 필요한 파일만 골라도 됩니다.</p>
        <div className="mt-3 grid gap-3 md:grid-cols-3">
          {IMPORT_FILES.map((k) => (
            <Field key={`${k}-${round}`} label={`${k}.csv (${FILE_TEXT[k]})`} error={tooLarge[k]}>
              {(c) => (
                <input
                  {...c}
                  type="file"
                  accept=".csv,text/csv"
                  className={`${CONTROL} py-1.5 text-sm file:mr-2 file:rounded file:border-0 file:bg-page file:px-2 file:py-1 file:text-sm`}
                  onChange={(e) => pick(k, e.target.files?.[0] ?? null)}
                />
              )}
            </Field>
          ))}
        </div>
        <div className="mt-4 flex flex-wrap items-center justify-end gap-2">
          {!ready && any && <p className="mr-auto text-sm text-ink-3">미리보기에서 문제가 없어야 가져올 수 있습니다.</p>}
          <Button variant="ghost" size="control" disabled={busy || !any} onClick={() => dryRun()}>
            미리보기
          </Button>
          <Button size="control" disabled={busy || !ready} onClick={commit}>
            가져오기
          </Button>
        </div>
        {report && <ImportReportView report={report.report} stale={stale} />}
      </Card>
    </div>
  );
}
