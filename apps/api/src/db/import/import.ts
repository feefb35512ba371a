import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../database.ts';
import { CsvError, readCsv } from './csv.ts';
import { type CompanyRowInput, FILES, type FinancialRowInput, type PriceRowInput } from './rows.ts';

export class ImportError extends Error {}

export interface ImportResult {
  companies: number;
  prices: number;
  financials: number;
}

function parseFile<S extends z.ZodType>(
  folder: string,
  spec: { file: string; schema: S; columns: readonly string[] },
): Array<{ line: number; row: z.output<S> }> | null {
  const { file, schema, columns } = spec;
  const path = join(folder, file);
  if (!existsSync(path)) return null;
  let rows: ReturnType<typeof readCsv>;
  try {
    rows = readCsv(readFileSync(path, 'utf8'), columns);
  } catch (error) {
    if (error instanceof CsvError) throw new ImportError(`${file} ${error.message}`);
    throw error;
  }
  return rows.map(({ line, values }) => {
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const column = String(issue?.path[0] ?? '');
      throw new ImportError(`${file} ${line}행, ${column} 열: ${issue?.message} (값: "${values[column] ?? ''}")`);
    }
    return { line, row: parsed.data };
  });
}

/**
 * Loads companies.csv, prices.csv and financials.csv from a folder (any of them may be absent).
 * Every row is checked before anything is written; the writes run in one transaction, and
 * re-running the same files changes nothing (upserts keyed by code, code+date and code+year).
 */
export async function importFolder(db: Db, folder: string): Promise<ImportResult> {
  if (!existsSync(folder)) throw new ImportError(`폴더가 없습니다 (folder not found): ${folder}`);
  const companies = parseFile(folder, FILES.companies) as Array<{ line: number; row: CompanyRowInput }> | null;
  const prices = parseFile(folder, FILES.prices) as Array<{ line: number; row: PriceRowInput }> | null;
  const financials = parseFile(folder, FILES.financials) as Array<{ line: number; row: FinancialRowInput }> | null;
  if (!companies && !prices && !financials) {
    throw new ImportError(`${folder}에 companies.csv, prices.csv, financials.csv 중 하나도 없습니다`);
  }

  return db.transaction().execute(async (trx) => {
    if (companies?.length) {
      for (let i = 0; i < companies.length; i += 500) {
        await trx
          .insertInto('companies')
          .values(
            companies.slice(i, i + 500).map(({ row }) => ({
              code: row.code,
              name: row.name,
              sector: row.sector,
              labels: row.labels,
              shares_outstanding: row.shares_outstanding,
              ceo_name: row.ceo_name,
              founded_on: row.founded_on,
              address: row.address,
              homepage_url: row.homepage_url,
              business_summary: row.business_summary,
              logo_url: `/media/logos/${row.code}.svg`,
              current_price: 0,
              previous_close: 0,
              is_demo: false,
            })),
          )
          .onConflict((oc) =>
            oc.column('code').doUpdateSet((eb) => ({
              name: eb.ref('excluded.name'),
              sector: eb.ref('excluded.sector'),
              labels: eb.ref('excluded.labels'),
              shares_outstanding: eb.ref('excluded.shares_outstanding'),
              ceo_name: eb.ref('excluded.ceo_name'),
              founded_on: eb.ref('excluded.founded_on'),
              address: eb.ref('excluded.address'),
              homepage_url: eb.ref('excluded.homepage_url'),
              business_summary: eb.ref('excluded.business_summary'),
              is_demo: false,
            })),
          )
          .execute();
      }
    }
    const idByCode = new Map((await trx.selectFrom('companies').select(['id', 'code']).execute()).map((r) => [r.code, r.id]));
    const idOf = (file: string, line: number, code: string) => {
      const id = idByCode.get(code);
      if (id === undefined) throw new ImportError(`${file} ${line}행, code 열: 등록되지 않은 종목코드입니다 (값: "${code}")`);
      return id;
    };

    const touched = new Set<number>();
    if (prices?.length) {
      const values = prices.map(({ line, row }) => {
        const id = idOf(FILES.prices.file, line, row.code);
        touched.add(id);
        return { company_id: id, day: row.date, open: row.open, high: row.high, low: row.low, close: row.close, volume: row.volume };
      });
      for (let i = 0; i < values.length; i += 2000) {
        await trx
          .insertInto('price_bars')
          .values(values.slice(i, i + 2000))
          .onConflict((oc) =>
            oc.columns(['company_id', 'day']).doUpdateSet((eb) => ({
              open: eb.ref('excluded.open'),
              high: eb.ref('excluded.high'),
              low: eb.ref('excluded.low'),
              close: eb.ref('excluded.close'),
              volume: eb.ref('excluded.volume'),
            })),
          )
          .execute();
      }
    }
    if (financials?.length) {
      const values = financials.map(({ line, row }) => ({
        company_id: idOf(FILES.financials.file, line, row.code),
        year: row.year,
        revenue: row.revenue,
        operating_profit: row.operating_profit,
        net_income: row.net_income,
        operating_margin: row.operating_margin,
        debt_ratio: row.debt_ratio,
        roe: row.roe,
      }));
      await trx
        .insertInto('company_financials')
        .values(values)
        .onConflict((oc) =>
          oc.columns(['company_id', 'year']).doUpdateSet((eb) => ({
            revenue: eb.ref('excluded.revenue'),
            operating_profit: eb.ref('excluded.operating_profit'),
            net_income: eb.ref('excluded.net_income'),
            operating_margin: eb.ref('excluded.operating_margin'),
            debt_ratio: eb.ref('excluded.debt_ratio'),
            roe: eb.ref('excluded.roe'),
          })),
        )
        .execute();
    }
    // Current price and the previous close come from each touched company's last two bars.
    for (const id of touched) {
      const last = await trx
        .selectFrom('price_bars')
        .select(['day', 'close'])
        .where('company_id', '=', id)
        .orderBy('day', 'desc')
        .limit(2)
        .execute();
      const [latest, previous] = last;
      if (!latest) continue;
      await trx
        .updateTable('companies')
        .set({
          current_price: latest.close,
          previous_close: previous?.close ?? latest.close,
          price_updated_at: sql<Date>`(${latest.day}::date + time '15:30') at time zone 'Asia/Seoul'`,
          price_source: 'IMPORT',
          price_trade_count: 0,
        })
        .where('id', '=', id)
        .execute();
    }
    return { companies: companies?.length ?? 0, prices: prices?.length ?? 0, financials: financials?.length ?? 0 };
  });
}
