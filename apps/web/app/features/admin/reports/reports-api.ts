import type { AdminReportGroup, AdminSanctionBody } from '@beesang/contract';
import { postJson } from '../shared/admin-fetch';
import { ADMIN_PAGE_SIZE } from '../shared/paged';

export const reportsPath = (status: 'OPEN' | 'RESOLVED', page = 1) =>
  `/api/admin/reports?status=${status}&page=${page}&size=${ADMIN_PAGE_SIZE}`;

export const resolveReport = (
  group: Pick<AdminReportGroup, 'targetType' | 'targetId'>,
  body: { action: 'DISMISS' | 'HIDE'; sanction?: AdminSanctionBody; note?: string },
) => postJson<true>(`/api/admin/reports/${group.targetType}/${group.targetId}/resolve`, body);
