/** A small RFC 4180 CSV reader: quoted fields, doubled quotes, CRLF or LF, a UTF-8 BOM. */
export interface CsvRow {
  /** 1-based line number of the row in the file */
  line: number;
  values: Record<string, string>;
}

export class CsvError extends Error {}

function parseRecords(text: string): Array<{ line: number; fields: string[] }> {
  const out: Array<{ line: number; fields: string[] }> = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i] as string;
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        field += ch;
      }
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      fields.push(field);
      if (fields.length > 1 || fields[0] !== '') out.push({ line: recordLine, fields });
      fields = [];
      field = '';
      line++;
      recordLine = line;
    } else field += ch;
  }
  if (quoted) throw new CsvError(`${recordLine}행: 닫히지 않은 따옴표가 있습니다 (unclosed quote)`);
  fields.push(field);
  if (fields.length > 1 || fields[0] !== '') out.push({ line: recordLine, fields });
  return out;
}

/** Rows keyed by the header's column names. Throws CsvError naming the line of a malformed row. */
export function readCsv(text: string, required: readonly string[]): CsvRow[] {
  const [header, ...records] = parseRecords(text);
  if (!header) throw new CsvError('1행: 머리글(header)이 없습니다');
  const columns = header.fields.map((c) => c.trim());
  const missing = required.filter((c) => !columns.includes(c));
  if (missing.length) throw new CsvError(`1행: 필수 열이 없습니다 (missing columns): ${missing.join(', ')}`);
  return records.map((r) => {
    if (r.fields.length !== columns.length) {
      throw new CsvError(`${r.line}행: 열 개수가 머리글과 다릅니다 (${r.fields.length}개, 머리글 ${columns.length}개)`);
    }
    return { line: r.line, values: Object.fromEntries(columns.map((c, i) => [c, (r.fields[i] as string).trim()])) };
  });
}
