import { createRequire } from 'node:module';
import { type ImportProblem, isSafeText } from '@beesang/contract';
import type { CsvError as CsvErrorType } from 'csv-parse/sync';

/** One data row of a CSV file, keyed by the header's column names, with the line it starts on. */
export interface CsvRow {
  line: number;
  values: Record<string, string>;
}

/**
 * Reads an import file with csv-parse (RFC 4180 quoting, CRLF or LF, a UTF-8 BOM) and reports
 * what is wrong with its shape — an unclosed quote, missing columns, a row with another number
 * of fields — as problems instead of stopping at the first: the console's dry run lists them all.
 */
export function readCsv(file: string, text: string, required: readonly string[]): { rows: CsvRow[]; problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const problem = (line: number, message: string, column = '', value = '') => problems.push({ file, line, column, message, value });
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    // Empty lines are kept (as ['']) so that each record starts on the line after the one before it.
    // Loaded for an import only: a process that never imports never holds it.
    const { parse } = createRequire(import.meta.url)('csv-parse/sync') as typeof import('csv-parse/sync');
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false, info: true }) as unknown as typeof records;
  } catch (error) {
    const { CsvError } = createRequire(import.meta.url)('csv-parse/sync') as typeof import('csv-parse/sync');
    if (!(error instanceof CsvError)) throw error;
    const line = (error as CsvErrorType & { lines?: number }).lines ?? 0;
    problem(line, error.code === 'CSV_QUOTE_NOT_CLOSED' ? '닫히지 않은 따옴표가 있습니다' : `CSV 형식이 올바르지 않습니다 (${error.code})`);
    return { rows: [], problems };
  }

  const located: Array<{ line: number; fields: string[] }> = [];
  let next = 1;
  for (const { record, info } of records) {
    if (!(record.length === 1 && record[0]?.trim() === '')) located.push({ line: next, fields: record });
    next = info.lines + 1;
  }
  const [header, ...data] = located;
  if (!header) {
    problem(1, '머리글(header)이 없습니다');
    return { rows: [], problems };
  }
  const columns = header.fields.map((c) => c.trim());
  const missing = required.filter((c) => !columns.includes(c));
  if (missing.length > 0) {
    problem(header.line, `필수 열이 없습니다: ${missing.join(', ')}`);
    return { rows: [], problems };
  }
  const rows: CsvRow[] = [];
  for (const r of data) {
    if (r.fields.length !== columns.length) {
      problem(r.line, `열 개수가 머리글과 다릅니다 (${r.fields.length}개, 머리글 ${columns.length}개)`, '', r.fields.join(','));
      continue;
    }
    // PostgreSQL text cannot hold U+0000: a binary file renamed .csv is a problem, not a 500.
    const unsafe = columns.findIndex((_, i) => !isSafeText(r.fields[i] as string));
    if (unsafe >= 0) {
      problem(r.line, '쓸 수 없는 문자(NUL)가 들어 있습니다', columns[unsafe]);
      continue;
    }
    rows.push({ line: r.line, values: Object.fromEntries(columns.map((c, i) => [c, (r.fields[i] as string).trim()])) });
  }
  return { rows, problems };
}
