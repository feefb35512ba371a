import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { CompanyRowInput, FinancialRowInput, PriceRowInput } from './rows.ts';

/** The import's reads and writes of the stock module's tables, each in the caller's transaction (the embedded database has one connection: a query outside it would wait for it forever). */
export function createCompanyImportRepository() {
  return {
    async existingCodes(tx: Db): Promise<Set<string>> {
      return new Set((await tx.selectFrom('companies').select('code').execute()).map((r) => r.code));
    },

    async upsertCompanies(tx: Db, rows: CompanyRowInput[]): Promise<void> {
      for (let i = 0; i < rows.length; i += 500) {
        await tx
          .insertInto('companies')
          .values(
            rows.slice(i, i + 500).map((row) => ({
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
    },

    async idsByCode(tx: Db): Promise<Map<string, number>> {
      return new Map((await tx.selectFrom('companies').select(['id', 'code']).execute()).map((r) => [r.code, r.id]));
    },

    async upsertBars(tx: Db, rows: Array<PriceRowInput & { companyId: number }>): Promise<void> {
      for (let i = 0; i < rows.length; i += 2000) {
        await tx
          .insertInto('price_bars')
          .values(
            rows.slice(i, i + 2000).map((r) => ({
              company_id: r.companyId,
              day: r.date,
              open: r.open,
              high: r.high,
              low: r.low,
              close: r.close,
              volume: r.volume,
            })),
          )
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
    },

    async upsertFinancials(tx: Db, rows: Array<FinancialRowInput & { companyId: number }>): Promise<void> {
      for (let i = 0; i < rows.length; i += 2000) {
        await tx
          .insertInto('company_financials')
          .values(
            rows.slice(i, i + 2000).map((r) => ({
              company_id: r.companyId,
              year: r.year,
              revenue: r.revenue,
              operating_profit: r.operating_profit,
              net_income: r.net_income,
              operating_margin: r.operating_margin,
              debt_ratio: r.debt_ratio,
              roe: r.roe,
            })),
          )
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
    },

    /** The current price and previous close from a company's last two bars; source IMPORT. */
    async priceFromBars(tx: Db, companyId: number): Promise<void> {
      const [latest, previous] = await tx
        .selectFrom('price_bars')
        .select(['day', 'close'])
        .where('company_id', '=', companyId)
        .orderBy('day', 'desc')
        .limit(2)
        .execute();
      if (!latest) return;
      await tx
        .updateTable('companies')
        .set({
          current_price: latest.close,
          previous_close: previous?.close ?? latest.close,
          price_updated_at: sql<Date>`(${latest.day}::date + time '15:30') at time zone 'Asia/Seoul'`,
          price_source: 'IMPORT',
          price_trade_count: 0,
        })
        .where('id', '=', companyId)
        .execute();
    },
  };
}
export type CompanyImportRepository = ReturnType<typeof createCompanyImportRepository>;
