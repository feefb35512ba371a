import { SanctionState, UserLevel } from '@beesang/contract';
import type { TestApp } from './test-app.ts';

export interface TestMember {
  id: number;
  accessToken: string;
  headers: { authorization: string };
}

let sequence = 0;

/**
 * A member straight in the database with a real token pair from the auth service: what a verified
 * (REGULAR) or unverified (COMMON) sign-up leaves behind, without going through SMS every time.
 * The sign-up flows themselves are tested in the auth module.
 */
export async function createMember(
  t: TestApp,
  opts: { level?: number; sanction?: number; nickname?: string; expertType?: number } = {},
): Promise<TestMember> {
  sequence += 1;
  const row = await t.db
    .insertInto('users')
    .values({
      nickname: opts.nickname ?? `회원${sequence}`,
      user_level: opts.level ?? UserLevel.REGULAR,
      sanction_state: opts.sanction ?? SanctionState.NORMAL,
      expert_type: opts.expertType ?? 0,
      social_subject: null,
      login_id: null,
      password_hash: null,
      phone_hash: null,
      email: null,
      real_name: null,
      expert_name: null,
      office_name: null,
      office_dept: null,
      introduction: null,
      // A verified member went through 본인확인: one person, one DI (the price rule tells people apart by it).
      di_hash: (opts.level ?? UserLevel.REGULAR) >= UserLevel.REGULAR ? `test-di-${sequence}-${Math.random().toString(36).slice(2)}` : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const pair = await t.app.services.auth.issueFor(row.id);
  return { id: row.id, accessToken: pair.accessToken, headers: { authorization: `Bearer ${pair.accessToken}` } };
}

/** A token for `member` that expired a minute ago (issued 16 minutes back on the test clock). */
export async function expiredToken(t: TestApp, memberId: number): Promise<{ authorization: string }> {
  t.clock.advance(-16 * 60_000);
  const pair = await t.app.services.auth.issueFor(memberId);
  t.clock.advance(16 * 60_000);
  return { authorization: `Bearer ${pair.accessToken}` };
}

/** A token for `memberId` valid at the test clock's current time (after moving the clock on). */
export async function freshHeaders(t: TestApp, memberId: number): Promise<{ authorization: string }> {
  const pair = await t.app.services.auth.issueFor(memberId);
  return { authorization: `Bearer ${pair.accessToken}` };
}
