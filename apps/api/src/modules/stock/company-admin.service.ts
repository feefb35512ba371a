import type { AdminCompanyPatch, AdminCompanyRow } from '@beesang/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import type { CompanyAdminRepository, CompanyAdminRow as Row } from './company-admin.repository.ts';
import type { SearchIndex } from './search-index.ts';

/** The most matches a console search pages through; beyond that the query is too vague to page. */
const SEARCH_LIMIT = 1000;

function toAdminRow(r: Row): AdminCompanyRow {
  return {
    companyIdx: r.id,
    beesangCode: r.code,
    companyName: r.name,
    companyLogoUrl: r.logo_url,
    sector: r.sector,
    stockLabelType: r.labels,
    sharesOutstanding: Number(r.shares_outstanding),
    ceoName: r.ceo_name,
    foundedOn: r.founded_on ? String(r.founded_on).slice(0, 10) : null,
    address: r.address,
    homepageUrl: r.homepage_url,
    businessSummary: r.business_summary,
    companyStockCurrentPrice: Number(r.current_price),
    priceSource: r.price_source,
    priceAt: r.price_updated_at.toISOString(),
    priceTradeCount: r.price_trade_count,
    isDemo: r.is_demo,
  };
}

/**
 * 종목 in the console: every company by name, or the search's matches (name, code or 초성) in
 * its order; editing a company's descriptive fields in the caller's (audited) transaction; the caller
 * drops the stock caches once it has committed.
 */
export function createCompanyAdminService(deps: {
  repo: CompanyAdminRepository;
  index: SearchIndex;
  isOwnUpload: (url: string) => boolean;
}) {
  const { repo, index, isOwnUpload } = deps;
  return {
    async list(query: string, page: number, size: number) {
      if (!query) {
        const { rows, total } = await repo.page(page, size);
        return { data: rows.map(toAdminRow), total, page, size };
      }
      const hits = await index.search(query, { limit: SEARCH_LIMIT });
      const ids = hits.slice((page - 1) * size, page * size).map((h) => h.companyIdx);
      const byId = new Map((await repo.byIds(ids)).map((r) => [r.id, r]));
      const data = ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [toAdminRow(row)] : [];
      });
      return { data, total: hits.length, page, size };
    },

    async edit(tx: Db, id: number, patch: AdminCompanyPatch): Promise<AdminCompanyRow> {
      if (patch.companyLogoUrl !== undefined && !isOwnUpload(patch.companyLogoUrl))
        throw new AppError(400, 'adminCompanyLogo', 'BAD_REQUEST', {
          fields: { companyLogoUrl: '로고는 비상에 올린 이미지만 쓸 수 있습니다.' },
        });
      const row = await repo.update(tx, id, patch);
      if (!row) throw new AppError(404, 'companyNotFound', 'NOT_FOUND');
      return toAdminRow(row);
    },
  };
}
export type CompanyAdminService = ReturnType<typeof createCompanyAdminService>;
