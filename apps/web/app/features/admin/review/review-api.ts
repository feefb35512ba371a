import type { AdminSanctionBody } from '@beesang/contract';
import { postJson } from '../shared/admin-fetch';

export const resolveReview = (id: number, body: { action: 'DISMISS' | 'UPHOLD'; sanction?: AdminSanctionBody; note?: string }) =>
  postJson<true>(`/api/admin/review/${id}/resolve`, body);
