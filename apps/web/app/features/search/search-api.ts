import type { CompanySearchResult } from '@beesang/contract';
import { apiFetch } from '../../lib/api-client';

export function searchCompanies(keyword: string, signal?: AbortSignal): Promise<CompanySearchResult[]> {
  return apiFetch<CompanySearchResult[]>(`/api/v2/stock/search/${encodeURIComponent(keyword)}`, { signal });
}
