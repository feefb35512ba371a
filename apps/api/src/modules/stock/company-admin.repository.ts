import type { AdminCompanyPatch } from '@beesang/contract';
import type { Db } from '../../db/database.ts';

/** Companies as the console edits them: every descriptive column, read and written here only. */
const columns = [
  'id',
  'code',
  'name',
  'logo_url',
  'sector',
  'labels',
  'shares_outstanding',
  'ceo_name',
  'founded_on',
  'address',
  'homepage_url',
  'business_summary',
  'current_price',
  'price_source',
  'price_updated_at',
  'price_trade_count',
  'is_demo',
] as const;

export function createCompanyAdminRepository(db: Db) {
  return {
    async page(page: number, size: number) {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('companies')
          .select(columns)
          .orderBy('name')
          .orderBy('id')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        db
          .selectFrom('companies')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    async byIds(ids: number[]) {
      if (ids.length === 0) return [];
      return db.selectFrom('companies').select(columns).where('id', 'in', ids).execute();
    },

    /** Changes the given fields in the caller's transaction; the row after, or undefined. */
    async update(tx: Db, id: number, patch: AdminCompanyPatch) {
      const set = {
        ...(patch.companyName !== undefined && { name: patch.companyName }),
        ...(patch.sector !== undefined && { sector: patch.sector }),
        ...(patch.stockLabelType !== undefined && { labels: [...new Set(patch.stockLabelType)] }),
        ...(patch.sharesOutstanding !== undefined && { shares_outstanding: patch.sharesOutstanding }),
        ...(patch.ceoName !== undefined && { ceo_name: patch.ceoName }),
        ...(patch.foundedOn !== undefined && { founded_on: patch.foundedOn }),
        ...(patch.address !== undefined && { address: patch.address }),
        ...(patch.homepageUrl !== undefined && { homepage_url: patch.homepageUrl }),
        ...(patch.businessSummary !== undefined && { business_summary: patch.businessSummary }),
        ...(patch.companyLogoUrl !== undefined && { logo_url: patch.companyLogoUrl }),
      };
      return tx.updateTable('companies').set(set).where('id', '=', id).returning(columns).executeTakeFirst();
    },
  };
}
export type CompanyAdminRepository = ReturnType<typeof createCompanyAdminRepository>;
export type CompanyAdminRow = NonNullable<Awaited<ReturnType<CompanyAdminRepository['update']>>>;
