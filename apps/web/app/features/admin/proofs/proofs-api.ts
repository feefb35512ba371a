import type { PROOF_DECISIONS, Trade } from '@beesang/contract';
import { postJson } from '../shared/admin-fetch';
import { ADMIN_PAGE_SIZE } from '../shared/paged';

export type AdminProofRow = Trade & { ownerIdx: number };
export type ProofDecision = (typeof PROOF_DECISIONS)[number];

export const proofsPath = (page = 1) => `/api/admin/proofs?status=PENDING&page=${page}&size=${ADMIN_PAGE_SIZE}`;

export const decideProof = (tradeIdx: number, status: ProofDecision) =>
  postJson<true>(`/api/admin/trade/${tradeIdx}/proof`, { status, note: '' });
