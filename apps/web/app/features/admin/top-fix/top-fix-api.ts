import type { AdminPinnedRow } from '@beesang/contract';
import { deleteJson, postJson } from '../shared/admin-fetch';

export type { AdminPinnedRow };

export const pinTrade = (tradeIdx: number, endsAt: string) => postJson<true>(`/api/admin/trade/${tradeIdx}/top-fix`, { endsAt });
export const unpinTrade = (tradeIdx: number) => deleteJson<true>(`/api/admin/trade/${tradeIdx}/top-fix`);
