import type { AdminPinnedRow } from '@beesang/contract';
import { deleteJson, postJson } from '../shared/admin-fetch';
import { ADMIN_PAGE_SIZE } from '../shared/paged';

export type { AdminPinnedRow };

export const pinsPath = (page = 1) => `/api/admin/top-fix?page=${page}&size=${ADMIN_PAGE_SIZE}`;
export const pinTrade = (tradeIdx: number, endsAt: string) => postJson<true>(`/api/admin/trade/${tradeIdx}/top-fix`, { endsAt });
export const unpinTrade = (tradeIdx: number) => deleteJson<true>(`/api/admin/trade/${tradeIdx}/top-fix`);
