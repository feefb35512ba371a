import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ImportReport } from '@beesang/contract';
import type { ImportTexts } from '../../modules/stock/import/check-import.ts';
import { createCompanyImportRepository } from '../../modules/stock/import/company-import.repository.ts';
import { createCompanyImportService } from '../../modules/stock/import/company-import.service.ts';
import type { Db } from '../database.ts';

export class ImportError extends Error {}

const NAMES = { companies: 'companies.csv', prices: 'prices.csv', financials: 'financials.csv' } as const;

/** The files of a folder as the import reads them (docs/data-import.md); any may be absent. */
export function readImportFolder(folder: string): ImportTexts {
  if (!existsSync(folder)) throw new ImportError(`폴더가 없습니다 (folder not found): ${folder}`);
  const texts: ImportTexts = {};
  for (const [kind, name] of Object.entries(NAMES) as Array<[keyof typeof NAMES, string]>) {
    const path = join(folder, name);
    if (existsSync(path)) texts[kind] = readFileSync(path, 'utf8');
  }
  if (Object.keys(texts).length === 0) throw new ImportError(`${folder}에 companies.csv, prices.csv, financials.csv 중 하나도 없습니다`);
  return texts;
}

/** One line per problem: 'prices.csv 2행, close 열: 종가은(는) 정수여야 합니다 (값: "abc")'. */
export function describeProblems(report: ImportReport): string {
  const lines = report.problems.map(
    (p) => `${p.file} ${p.line}행${p.column ? `, ${p.column} 열` : ''}: ${p.message}${p.value ? ` (값: "${p.value}")` : ''}`,
  );
  if (report.problemCount > report.problems.length) lines.push(`… 외 ${report.problemCount - report.problems.length}건`);
  return lines.join('\n');
}

/**
 * `npm run data:import`: the stock module's import of a folder, all or nothing. Throws
 * ImportError listing every problem when any line is wrong; nothing is written then.
 */
export async function importFolder(db: Db, folder: string): Promise<ImportReport['counts']> {
  const texts = readImportFolder(folder);
  const service = createCompanyImportService({ repo: createCompanyImportRepository() });
  const report = await db.transaction().execute((tx) => service.run(tx, texts, { dryRun: false }));
  if (!report.written) throw new ImportError(describeProblems(report));
  return report.counts;
}
