import type { AdminSanctionBody } from '@beesang/contract';
import { postJson } from '../shared/admin-fetch';
import { ADMIN_PAGE_SIZE } from '../shared/paged';

export const reviewPath = (page = 1, size = ADMIN_PAGE_SIZE) => `/api/admin/review?page=${page}&size=${size}`;

export const resolveReview = (id: number, body: { action: 'DISMISS' | 'UPHOLD'; sanction?: AdminSanctionBody; note?: string }) =>
  postJson<true>(`/api/admin/review/${id}/resolve`, body);
