import type { AdminPriceEntry, AdminPriceReviewRow, CompanySearchResult } from '@beesang/contract';
import { apiFetch } from '../../../lib/api-client';
import { postJson } from '../shared/admin-fetch';

/** A finish that did not move the price, and why (adminPriceReviewRowSchema). */
export type PriceReviewRow = AdminPriceReviewRow;

/** An operator's price waiting for a second operator (issue 21), with how far it is from the price now. */
export type PriceEntry = AdminPriceEntry;

/** Entered, not applied: another operator approves it (source MANUAL, '운영자 입력'); audited with its note. */
export const enterManualPrice = (companyIdx: number, body: { price: number; note: string }) =>
  postJson<{ entryId: number }>(`/api/admin/company/${companyIdx}/price`, body);

export const approvePriceEntry = (entryId: number) => postJson<true>(`/api/admin/price-entries/${entryId}/approve`);
export const rejectPriceEntry = (entryId: number, reason: string) =>
  postJson<true>(`/api/admin/price-entries/${entryId}/reject`, { reason });

/** The public search (name, code, 초성): moderators set prices without the companies area. */
export const findCompanies = (keyword: string, signal?: AbortSignal) =>
  apiFetch<CompanySearchResult[]>(`/api/v2/stock/search/${encodeURIComponent(keyword)}`, { signal });
