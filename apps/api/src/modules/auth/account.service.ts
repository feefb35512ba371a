import type { myPageUpdateBody, passwordSignUpBody } from '@beesang/contract';
import { EXPERT_TYPE_NAMES, messages, officeProblems, SanctionState, type TokenPair } from '@beesang/contract';
import { hash, verify } from '@node-rs/argon2';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DomainEventBus } from '../../lib/domain-events.ts';
import { AppError } from '../../lib/errors.ts';
import { type InvalidationBus, TOPICS } from '../../lib/invalidation.ts';
import type { SmsService } from '../sms/sms.service.ts';
import type { AuthService, SessionHolder } from './auth.service.ts';
import type { TokensRepository } from './session/tokens.repository.ts';
import type { UserRow, UsersRepository } from './users.repository.ts';

const FAILURE_WINDOW_MS = 15 * 60_000;
/** Wrong passwords for one account from one address before each further try must wait. */
const FREE_TRIES_PER_PAIR = 3;
/** The wait after the free tries doubles from one second, up to the window. */
const MAX_DELAY_MS = FAILURE_WINDOW_MS;
/** Wrong passwords from one address across all accounts (one address guessing many ids). */
const MAX_FAILURES_PER_ADDRESS = 30;
/** A sign-in or an SMS code this recent proves the owner is present for a password change. */
export const REAUTH_WINDOW_MS = 5 * 60_000;
/** Failed sign-ins told on the next success look back at most this far. */
const NOTICE_LOOKBACK_MS = 30 * 86_400_000;
// A hash to verify against when the id does not exist, so timing does not tell ids apart.
const DUMMY_HASH = hash('not-a-real-password-beesang');

/** The wait before the next try after `failures` wrong passwords for one account from one address. */
export function pairDelayMs(failures: number): number {
  if (failures < FREE_TRIES_PER_PAIR) return 0;
  return Math.min(1000 * 2 ** (failures - FREE_TRIES_PER_PAIR), MAX_DELAY_MS);
}

/**
 * Id + password accounts (Argon2id, throttled) and a member's own account: edit, password, deletion.
 *
 * Guessing is slowed per (account, address) with growing waits and capped per address across
 * accounts; nothing is counted per account alone, so a stranger who knows an id cannot lock its
 * owner out: the owner signing in from another address, or by phone, is never held up. The owner
 * is told, once, how many wrong passwords were tried since their last sign-in.
 */
export function createAccountService(deps: {
  users: UsersRepository;
  tokens: TokensRepository;
  auth: AuthService;
  sms: SmsService;
  clock: Clock;
  /** A deleted member's listings leave every order book: every instance is told. */
  bus?: InvalidationBus;
  db: Db;
  /** A changed password is announced (the member is told: issue 23). */
  events: DomainEventBus;
  /** A deleted member's browsers and app installs get no more push (notification/push). */
  forgetPushTargets?: (userId: number) => Promise<void>;
}) {
  const { users, auth, sms, clock, bus } = deps;

  /** A new password: every session ends, and this one continues with fresh tokens (a new session). */
  async function setPassword(userId: number, password: string, now: Date) {
    const hashed = await hash(password);
    await unitOfWork(deps.db, async (tx) => {
      await users.setPassword(tx, userId, hashed, now);
      await deps.events.emit(tx, 'password.changed', { userId, at: now });
    });
    await auth.endSessions(userId);
  }

  return {
    async passwordSignUp(body: z.output<typeof passwordSignUpBody>, ticket: string | undefined): Promise<TokenPair> {
      return auth.createPhoneMember(body.phoneNumber, body.userId, ticket, {
        nickname: body.userName,
        loginId: body.userId,
        passwordHash: await hash(body.userPassword),
        marketing: body.marketingFlag,
        nighttime: body.nighttimeAlarmFlag,
      });
    },

    async passwordSignIn(loginId: string, password: string, ip: string): Promise<TokenPair & { failedSignIns?: number }> {
      const now = clock.now();
      const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
      const account = loginId.toLowerCase();
      const pairKey = `pair:${account}|${ip}`;
      const ipKey = `ip:${ip}`;
      const pair = await users.failureStats(pairKey, since);
      const wait = pair.last ? pairDelayMs(pair.count) - (now.getTime() - pair.last.getTime()) : 0;
      if (wait > 0) throw new AppError(429, 'loginThrottled', 'LOGIN_THROTTLED', { retryAfter: Math.ceil(wait / 1000) });
      const address = await users.failureStats(ipKey, since);
      if (address.count >= MAX_FAILURES_PER_ADDRESS) {
        throw new AppError(429, 'loginThrottled', 'LOGIN_THROTTLED', { retryAfter: FAILURE_WINDOW_MS / 1000 });
      }
      const user = await users.findByLogin(loginId);
      const ok = await verify(user?.password_hash ?? (await DUMMY_HASH), password).catch(() => false);
      if (!user || !user.password_hash || !ok) {
        await users.recordFailure(pairKey, now);
        await users.recordFailure(ipKey, now);
        // Counted for the owner's notice only, never to refuse them.
        if (user) await users.recordFailure(`acct:${user.id}`, now);
        throw new AppError(401, 'loginFailed', 'LOGIN_FAILED');
      }
      if (user.sanction_state === SanctionState.SUSPEND) throw new AppError(403, 'suspended', 'SUSPENDED');
      // Strictly after the last sign-in: what was told then is not told again.
      const noticeSince = new Date(Math.max((user.last_sign_in_at?.getTime() ?? 0) + 1, now.getTime() - NOTICE_LOOKBACK_MS));
      const failed = (await users.failureStats(`acct:${user.id}`, noticeSince)).count;
      await users.setLastSignIn(user.id, now);
      const pairTokens = await auth.issueFor(user.id);
      return failed > 0 ? { ...pairTokens, failedSignIns: failed } : pairTokens;
    },

    /**
     * New password, for the owner only: the current password proves it, or a sign-in (a session
     * begun) or an SMS code for the member's phone within the last 5 minutes; a live token alone
     * does not. Every session ends, and this one continues with fresh tokens.
     */
    async changePassword(
      member: SessionHolder,
      body: { password: string; currentPassword?: string | undefined },
      smsTicket: string | undefined,
    ): Promise<TokenPair> {
      const now = clock.now();
      const recent = new Date(now.getTime() - REAUTH_WINDOW_MS);
      let present = false;
      if (body.currentPassword !== undefined) {
        const stored = await users.passwordHash(member.id);
        present = !!stored && (await verify(stored, body.currentPassword).catch(() => false));
        if (!present) {
          throw new AppError(400, 'currentPasswordWrong', 'CURRENT_PASSWORD_WRONG', {
            fields: { currentPassword: messages.currentPasswordWrong },
          });
        }
      } else if (member.session.startedAt.getTime() >= recent.getTime()) {
        present = true;
      } else {
        const phoneHash = await users.phoneHashOf(member.id);
        present = !!phoneHash && (await sms.consumeRecentTicket(smsTicket, phoneHash, recent));
      }
      if (!present) throw new AppError(403, 'reauthRequired', 'REAUTH_REQUIRED');
      await setPassword(member.id, body.password, now);
      return auth.issueFor(member.id);
    },

    /**
     * Forgot the password: a phone verified just now (the SMS ticket) sets a new one for the id +
     * password account on that phone. Every session ends; the member signs in with the new one.
     */
    async resetPassword(phone: string, password: string, ticket: string | undefined): Promise<void> {
      if (!(await sms.ticketValidFor(ticket, phone))) throw new AppError(401, 'verificationRequired', 'VERIFICATION_REQUIRED');
      const user = await users.findByPhone(sms.phoneKey(phone));
      if (!user) throw new AppError(404, 'notMember', 'NOT_MEMBER');
      if (!(await users.passwordHash(user.id))) throw new AppError(409, 'noPasswordAccount', 'NO_PASSWORD_ACCOUNT');
      await sms.consumeTicket(ticket, phone);
      await setPassword(user.id, password, clock.now());
    },

    async updateProfile(member: UserRow, body: z.output<typeof myPageUpdateBody>) {
      auth.assertProfileImage(body.profileImageUrl, 'profileImageUrl');
      // Spec §5 sign-up rules for the member's own type: an edit may change the office, not empty it.
      const office = officeProblems(EXPERT_TYPE_NAMES[member.expert_type] ?? 'NORMAL', { name: body.officeName, dept: body.officeDept });
      const first = office.name ?? office.dept;
      if (first) {
        const fields = {
          ...(office.name && { officeName: messages[office.name] }),
          ...(office.dept && { officeDept: messages[office.dept] }),
        };
        throw new AppError(400, first, 'BAD_REQUEST', { fields });
      }
      if (
        body.userEmail &&
        body.userEmail.toLowerCase() !== (member.email ?? '').toLowerCase() &&
        (await users.emailTaken(body.userEmail))
      ) {
        throw new AppError(409, 'emailInUse', 'EMAIL_IN_USE', { fields: { userEmail: '이미 사용 중인 이메일입니다.' } });
      }
      const expert = member.expert_type !== 0;
      await users.update(
        member.id,
        {
          ...(body.userNickname !== undefined && { nickname: body.userNickname }),
          ...(body.userEmail !== undefined && { email: body.userEmail }),
          ...(body.profileImageUrl !== undefined && { profile_image_url: body.profileImageUrl }),
          ...(expert && body.expertName !== undefined && { expert_name: body.expertName, real_name: body.expertName }),
          ...(expert && body.officeName !== undefined && { office_name: body.officeName }),
          ...(expert && body.officeDept !== undefined && { office_dept: body.officeDept }),
          ...(expert && body.introduction !== undefined && { introduction: body.introduction }),
        },
        clock.now(),
      );
      // What an approved badge vouches for changed: operators look again before it shows (decision 0016).
      const changed = (next: string | undefined, now: string | null) => next !== undefined && next !== (now ?? '');
      if (
        expert &&
        (changed(body.expertName, member.expert_name) ||
          changed(body.officeName, member.office_name) ||
          changed(body.officeDept, member.office_dept)) &&
        (await users.reopenExpertClaim(member.id, clock.now()))
      ) {
        bus?.publish(TOPICS.listings);
      }
      const updated = await users.findById(member.id);
      if (!updated) throw new AppError(401, 'sessionExpired', 'UNAUTHORIZED');
      if (expert && (body.officeName !== undefined || body.introduction !== undefined)) await auth.screenProfile(member.id, updated);
      return auth.detail(updated);
    },

    async deleteAccount(member: UserRow, targetId: number): Promise<void> {
      if (member.id !== targetId) throw new AppError(403, 'notYourAccount', 'FORBIDDEN');
      const now = clock.now();
      await auth.endSessions(member.id);
      await users.softDelete(member.id, now);
      await deps.forgetPushTargets?.(member.id);
      bus?.publish(TOPICS.listings);
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
