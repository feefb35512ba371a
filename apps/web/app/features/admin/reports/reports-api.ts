import type { AdminReportGroup, AdminSanctionBody } from '@beesang/contract';
import { postJson } from '../shared/admin-fetch';

export const resolveReport = (
  group: Pick<AdminReportGroup, 'targetType' | 'targetId'>,
  body: { action: 'DISMISS' | 'HIDE'; sanction?: AdminSanctionBody; note?: string },
) => postJson<true>(`/api/admin/reports/${group.targetType}/${group.targetId}/resolve`, body);
