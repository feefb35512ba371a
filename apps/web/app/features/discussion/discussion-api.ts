import type { Opinion } from '@beesang/contract';
import { apiFetch } from '../../lib/api-client';

export interface OpinionPage {
  data: Opinion[];
  total: number;
  page: number;
  size: number;
}

export const OPINION_PAGE_SIZE = 20;

export const opinionListPath = (companyIdx: number, page: number) =>
  `/api/v2/opinion/all/company/${companyIdx}?page=${page}&size=${OPINION_PAGE_SIZE}`;

/** One page of a company's opinions, newest first. */
export function fetchOpinions(companyIdx: number, page: number, signal?: AbortSignal): Promise<OpinionPage> {
  return apiFetch<OpinionPage>(opinionListPath(companyIdx, page), { signal });
}

export function postOpinion(companyIdx: number, content: string): Promise<Opinion> {
  return apiFetch<Opinion>('/api/opinion', { method: 'POST', body: JSON.stringify({ companyIdx, content }) });
}

export function deleteOpinion(opinionIdx: number): Promise<boolean> {
  return apiFetch<boolean>(`/api/opinion/${opinionIdx}`, { method: 'DELETE' });
}
