import type { AdminSanctionBody, AdminSanctionHistory, StaffRole } from '@beesang/contract';
import { apiFetch } from '../../../lib/api-client';
import { postJson } from '../shared/admin-fetch';

/** A sanction decision as the history lists it. */
export type SanctionHistoryEntry = AdminSanctionHistory;

export const sanctionMember = (userIdx: number, body: AdminSanctionBody) => postJson<true>(`/api/admin/member/${userIdx}/sanction`, body);
export const revokeSessions = (userIdx: number) => postJson<true>(`/api/admin/member/${userIdx}/sessions/revoke`);
export const sanctionHistory = (userIdx: number) => apiFetch<SanctionHistoryEntry[]>(`/api/admin/member/${userIdx}/sanctions`);
/** ADMIN only; the API refuses one's own role (adminSelfRole). */
export const setStaffRole = (userIdx: number, role: StaffRole | null) => postJson<true>(`/api/admin/member/${userIdx}/role`, { role });
