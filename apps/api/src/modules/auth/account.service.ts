import type { myPageUpdateBody, passwordSignUpBody } from '@beesang/contract';
import { EXPERT_TYPE_NAMES, messages, officeProblems, SanctionState, type TokenPair } from '@beesang/contract';
import { hash, verify } from '@node-rs/argon2';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { type InvalidationBus, TOPICS } from '../../lib/invalidation.ts';
import type { AuthService } from './auth.service.ts';
import type { TokensRepository } from './tokens.repository.ts';
import type { UserRow, UsersRepository } from './users.repository.ts';

const FAILURE_WINDOW_MS = 15 * 60_000;
const MAX_FAILURES_PER_ACCOUNT = 5;
const MAX_FAILURES_PER_IP = 20;
// A hash to verify against when the id does not exist, so timing does not tell ids apart.
const DUMMY_HASH = hash('not-a-real-password-beesang');

/** Id + password accounts (Argon2id, throttled) and a member's own account: edit, password, deletion. */
export function createAccountService(deps: {
  users: UsersRepository;
  tokens: TokensRepository;
  auth: AuthService;
  clock: Clock;
  /** A deleted member's listings leave every order book: every instance is told. */
  bus?: InvalidationBus;
}) {
  const { users, tokens, auth, clock, bus } = deps;

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

    async passwordSignIn(loginId: string, password: string, ip: string): Promise<TokenPair> {
      const now = clock.now();
      const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
      const accountKey = `acct:${loginId.toLowerCase()}`;
      const ipKey = `ip:${ip}`;
      if (
        (await users.failuresSince(accountKey, since)) >= MAX_FAILURES_PER_ACCOUNT ||
        (await users.failuresSince(ipKey, since)) >= MAX_FAILURES_PER_IP
      ) {
        throw new AppError(429, 'loginThrottled', 'LOGIN_THROTTLED', { retryAfter: FAILURE_WINDOW_MS / 1000 });
      }
      const user = await users.findByLogin(loginId);
      const ok = await verify(user?.password_hash ?? (await DUMMY_HASH), password).catch(() => false);
      if (!user || !user.password_hash || !ok) {
        await users.recordFailure(accountKey, now);
        await users.recordFailure(ipKey, now);
        throw new AppError(401, 'loginFailed', 'LOGIN_FAILED');
      }
      if (user.sanction_state === SanctionState.SUSPEND) throw new AppError(403, 'suspended', 'SUSPENDED');
      return auth.issueFor(user.id);
    },

    /** New password: every session ends, and this one continues with fresh tokens. */
    async changePassword(member: UserRow, password: string): Promise<TokenPair> {
      const now = clock.now();
      await users.setPassword(member.id, await hash(password), now);
      await tokens.revokeUser(member.id, now);
      return auth.issueFor(member.id);
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
      const updated = await users.findById(member.id);
      if (!updated) throw new AppError(401, 'sessionExpired', 'UNAUTHORIZED');
      if (expert && (body.officeName !== undefined || body.introduction !== undefined)) await auth.screenProfile(member.id, updated);
      return auth.detail(updated);
    },

    async deleteAccount(member: UserRow, targetId: number): Promise<void> {
      if (member.id !== targetId) throw new AppError(403, 'notYourAccount', 'FORBIDDEN');
      const now = clock.now();
      await tokens.revokeUser(member.id, now);
      await users.softDelete(member.id, now);
      bus?.publish(TOPICS.listings);
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
