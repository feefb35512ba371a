import type { AdminExpertDecisionBody } from '@beesang/contract';
import { postJson } from '../shared/admin-fetch';

/** POST /api/admin/expert/:id/decision; `proofUrl` is the proof the operator looked at. */
export const decideExpert = (userIdx: number, body: AdminExpertDecisionBody) =>
  postJson<true>(`/api/admin/expert/${userIdx}/decision`, body);
