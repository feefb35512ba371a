import type { PROOF_DECISIONS, Trade } from '@beesang/contract';
import { postJson } from '../shared/admin-fetch';

export type AdminProofRow = Trade & { ownerIdx: number };
export type ProofDecision = (typeof PROOF_DECISIONS)[number];

export const decideProof = (tradeIdx: number, status: ProofDecision) =>
  postJson<true>(`/api/admin/trade/${tradeIdx}/proof`, { status, note: '' });
