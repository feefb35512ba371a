import type { ImportFileKind, ImportProblem } from '@beesang/contract';
import type { z } from 'zod';
import { readCsv } from './csv.ts';
import { type CompanyRowInput, FILES, type FinancialRowInput, type PriceRowInput } from './rows.ts';

/** The text of each uploaded or found file; absent files are simply not imported. */
export type ImportTexts = Partial<Record<ImportFileKind, string>>;

export interface CheckedImport {
  companies: CompanyRowInput[];
  prices: PriceRowInput[];
  financials: FinancialRowInput[];
  problems: ImportProblem[];
}

function checkFile<S extends z.ZodType>(
  spec: { file: string; schema: S; columns: readonly string[] },
  text: string | undefined,
  problems: ImportProblem[],
  keyOf: (row: z.output<S>) => string,
  duplicateMessage: string,
): Array<{ line: number; row: z.output<S> }> {
  if (text === undefined) return [];
  const { rows, problems: shape } = readCsv(spec.file, text, spec.columns);
  problems.push(...shape);
  const firstLine = new Map<string, number>();
  const out: Array<{ line: number; row: z.output<S> }> = [];
  for (const { line, values } of rows) {
    const parsed = spec.schema.safeParse(values);
    if (!parsed.success) {
      // Every wrong column of the line, not only the first.
      for (const issue of parsed.error.issues) {
        const column = String(issue.path[0] ?? '');
        problems.push({ file: spec.file, line, column, message: issue.message, value: values[column] ?? '' });
      }
      continue;
    }
    // One statement upserts the whole file: a key twice would make the database refuse it all.
    const key = keyOf(parsed.data);
    const seen = firstLine.get(key);
    if (seen !== undefined) {
      problems.push({ file: spec.file, line, column: 'code', message: `${duplicateMessage} (${seen}행과 같음)`, value: key });
      continue;
    }
    firstLine.set(key, line);
    out.push({ line, row: parsed.data });
  }
  return out;
}

/**
 * Checks every line of every file before anything is written and returns all problems (the dry
 * run shows them; a real run writes only when there are none). Prices and financials must name
 * a company that exists or that the same import adds.
 */
export function checkImport(texts: ImportTexts, existingCodes: ReadonlySet<string>): CheckedImport {
  const problems: ImportProblem[] = [];
  const companies = checkFile(FILES.companies, texts.companies, problems, (r) => r.code, '종목코드가 파일 안에서 중복됩니다');
  const prices = checkFile(FILES.prices, texts.prices, problems, (r) => `${r.code} ${r.date}`, '같은 종목·날짜가 중복됩니다');
  const financials = checkFile(FILES.financials, texts.financials, problems, (r) => `${r.code} ${r.year}`, '같은 종목·연도가 중복됩니다');

  const known = new Set([...existingCodes, ...companies.map((c) => c.row.code)]);
  const knownOnly = <T extends { code: string }>(file: string, rows: Array<{ line: number; row: T }>) =>
    rows.filter(({ line, row }) => {
      if (known.has(row.code)) return true;
      problems.push({ file, line, column: 'code', message: '등록되지 않은 종목코드입니다', value: row.code });
      return false;
    });
  const checkedPrices = knownOnly(FILES.prices.file, prices);
  const checkedFinancials = knownOnly(FILES.financials.file, financials);

  const order: string[] = [FILES.companies.file, FILES.prices.file, FILES.financials.file];
  problems.sort((a, b) => order.indexOf(a.file) - order.indexOf(b.file) || a.line - b.line);
  return {
    companies: companies.map((c) => c.row),
    prices: checkedPrices.map((p) => p.row),
    financials: checkedFinancials.map((f) => f.row),
    problems,
  };
}
