import type { AdminPriceReviewRow, CompanySearchResult } from '@beesang/contract';
import { apiFetch } from '../../../lib/api-client';
import { postJson } from '../shared/admin-fetch';

/** A finish that did not move the price, and why (adminPriceReviewRowSchema). */
export type PriceReviewRow = AdminPriceReviewRow;

/** Source MANUAL ('운영자 입력'); audited with its note. */
export const setManualPrice = (companyIdx: number, body: { price: number; note: string }) =>
  postJson<true>(`/api/admin/company/${companyIdx}/price`, body);

/** The public search (name, code, 초성): moderators set prices without the companies area. */
export const findCompanies = (keyword: string, signal?: AbortSignal) =>
  apiFetch<CompanySearchResult[]>(`/api/v2/stock/search/${encodeURIComponent(keyword)}`, { signal });
