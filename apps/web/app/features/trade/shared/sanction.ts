import { SanctionState, type UserDetail } from '@beesang/contract';

/** Decision 0003: STOP_TRADE and above may neither create, edit nor prove listings (the server refuses). */
export const tradeStopped = (user: UserDetail | null) => (user?.sanctionState ?? SanctionState.NORMAL) >= SanctionState.STOP_TRADE;
