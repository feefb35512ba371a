import type { AdminMemberRow, AdminReportGroup, AdminSanctionBody, Trade } from '@beesang/contract';
import { apiFetch } from '../../lib/api-client';

/** The console's calls (issue 11 §2): every one goes through the session's client, 401/403 included. */

export interface Queue<T> {
  data: T[];
  total: number;
  page: number;
  size: number;
  oldestWaitingSince: string | null;
}
export type ProofRow = Trade & { ownerIdx: number };

export const reportsPath = (status: 'OPEN' | 'RESOLVED', page = 1) => `/api/admin/reports?status=${status}&page=${page}&size=20`;
export const proofsPath = (page = 1) => `/api/admin/proofs?status=PENDING&page=${page}&size=20`;

const post = <T>(path: string, body?: unknown) =>
  apiFetch<T>(path, { method: 'POST', body: body === undefined ? '{}' : JSON.stringify(body) });

export const resolveReport = (
  group: Pick<AdminReportGroup, 'targetType' | 'targetId'>,
  body: { action: 'DISMISS' | 'HIDE'; sanction?: AdminSanctionBody; note?: string },
) => post<true>(`/api/admin/reports/${group.targetType}/${group.targetId}/resolve`, body);

export const decideProof = (tradeIdx: number, status: 'VERIFIED' | 'REATTACHMENT' | 'UNIDENTIFIED' | 'NON_AUTHENTICITY') =>
  post<true>(`/api/admin/trade/${tradeIdx}/proof`, { status, note: '' });

export const searchMembers = (query: string) =>
  apiFetch<{ data: AdminMemberRow[]; total: number }>(`/api/admin/members?query=${encodeURIComponent(query)}&size=50`);

export const sanctionMember = (userIdx: number, body: AdminSanctionBody) => post<true>(`/api/admin/member/${userIdx}/sanction`, body);
export const revokeSessions = (userIdx: number) => post<true>(`/api/admin/member/${userIdx}/sessions/revoke`);

export type Loaded<T> = Queue<T> | null;
export type { ProofRow as AdminProofRow };
