import { IMPORT_MAX_PROBLEMS, type ImportReport } from '@beesang/contract';
import type { Db } from '../../../db/database.ts';
import { checkImport, type ImportTexts } from './check-import.ts';
import type { CompanyImportRepository } from './company-import.repository.ts';

/**
 * Companies, daily prices and financials from CSV (docs/data-import.md), for `npm run
 * data:import` and the console's upload: every line is checked first and every problem reported;
 * only a real run without a single problem writes, all in the caller's transaction, and the same
 * files twice change nothing (upserts keyed by code, code + date, code + year). The caller drops
 * the stock caches after its transaction commits.
 */
export function createCompanyImportService(deps: { repo: CompanyImportRepository }) {
  const { repo } = deps;
  return {
    async run(tx: Db, texts: ImportTexts, opts: { dryRun: boolean }): Promise<ImportReport> {
      const checked = checkImport(texts, await repo.existingCodes(tx));
      const report: ImportReport = {
        dryRun: opts.dryRun,
        written: false,
        counts: { companies: checked.companies.length, prices: checked.prices.length, financials: checked.financials.length },
        problems: checked.problems.slice(0, IMPORT_MAX_PROBLEMS),
        problemCount: checked.problems.length,
      };
      if (opts.dryRun || checked.problems.length > 0) return report;

      await repo.upsertCompanies(tx, checked.companies);
      const ids = await repo.idsByCode(tx);
      const idOf = (code: string) => ids.get(code) as number;
      const touched = new Set<number>();
      await repo.upsertBars(
        tx,
        checked.prices.map((p) => {
          touched.add(idOf(p.code));
          return { ...p, companyId: idOf(p.code) };
        }),
      );
      await repo.upsertFinancials(
        tx,
        checked.financials.map((f) => ({ ...f, companyId: idOf(f.code) })),
      );
      for (const id of touched) await repo.priceFromBars(tx, id);
      return { ...report, written: true };
    },
  };
}
export type CompanyImportService = ReturnType<typeof createCompanyImportService>;
