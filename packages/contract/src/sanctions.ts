import { SanctionState } from './enums.ts';

/**
 * The sanction a member is under now: a sanction with an end lifts by itself once the end has
 * passed (issue 10 §3); the stored state is left as it was, and the history keeps every sanction.
 */
export function effectiveSanction(state: number, endsAt: Date | string | null | undefined, now: Date): number {
  if (state === SanctionState.NORMAL || endsAt === null || endsAt === undefined) return state;
  return new Date(endsAt).getTime() <= now.getTime() ? SanctionState.NORMAL : state;
}

/** A sanction's name as members and operators read it. */
export const SANCTION_TEXT: Record<number, string> = {
  [SanctionState.NORMAL]: '해제',
  [SanctionState.WARN]: '경고',
  [SanctionState.STOP_DEBATE]: '토론 제한',
  [SanctionState.STOP_TRADE]: '매물 제한',
  [SanctionState.SUSPEND]: '이용 정지',
};
