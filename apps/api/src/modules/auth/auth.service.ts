import { randomUUID } from 'node:crypto';
import {
  ExpertType,
  effectiveSanction,
  isStaffRole,
  messages,
  type PhoneSignUpBody,
  SanctionState,
  type TokenPair,
  type UserDetail,
} from '@beesang/contract';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken, tokenHash } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import type { Keyring } from '../../lib/keyring.ts';
import { maskPhone } from '../../lib/log.ts';
import type { MemberView } from '../../lib/member-view.ts';
import type { SmsService } from '../sms/sms.service.ts';
import { signAccessToken, verifyAccessClaims } from './session/jwt.ts';
import type { TokensRepository } from './session/tokens.repository.ts';
import type { NewUser, UserRow, UsersRepository } from './users.repository.ts';

export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_MS = 14 * 86_400_000;
export const REFRESH_FAMILY_TTL_MS = 60 * 86_400_000;
/**
 * A rotated refresh token presented again within this window is a second tab (or a retried request)
 * refreshing at the same moment, not a thief: it gets a fresh pair of the same session. After it, a
 * replay ends the whole session family.
 */
export const REFRESH_GRACE_MS = 30_000;

const EXPERT_NAMES = ['NORMAL', 'PB', 'CTA'] as const;

function toDetail(u: UserRow): UserDetail {
  return {
    userIdx: u.id,
    userLevel: u.user_level,
    userNickname: u.nickname,
    userName: u.real_name ?? '',
    userEmail: u.email ?? '',
    profileImageUrl: u.profile_image_url,
    expertType: EXPERT_NAMES[u.expert_type] ?? 'NORMAL',
    expertName: u.expert_name ?? '',
    officeName: u.office_name ?? '',
    officeDept: u.office_dept ?? '',
    introduction: u.introduction ?? '',
    sanctionState: u.sanction_state,
    sanctionEndsAt: u.sanction_state !== SanctionState.NORMAL && u.sanction_ends_at ? u.sanction_ends_at.toISOString() : null,
    phoneMasked: u.phone_masked,
    staffRole: isStaffRole(u.staff_role) ? u.staff_role : null,
    expertStatus: u.expert_type !== 0 ? u.expert_status : null,
    expertRejectReason: u.expert_status === 'REJECTED' ? (u.expert_reject_reason ?? '') : '',
    expertProofUrl: u.expert_proof_url ?? '',
    expertSubmittedAt: u.expert_submitted_at?.toISOString() ?? null,
    expertDecidedAt: u.expert_decided_at?.toISOString() ?? null,
  };
}

/** The reader a token's holder is on public routes: a suspended member reads as a visitor there. */
export function activeMember<T extends UserRow>(holder: T | null): T | null {
  return holder && holder.sanction_state !== SanctionState.SUSPEND ? holder : null;
}

/** A member as an access token presents them: who, and which session (when it began: a recent sign-in proves presence). */
export type SessionHolder = UserRow & { session: { id: string; startedAt: Date } };
/** A member and one of their sessions as stored (the session view keeps these). */
export type SessionRow = Awaited<ReturnType<UsersRepository['findSessionHolder']>>;

/** Sessions as tokens (SECURITY.md §Tokens) and the phone sign-in / sign-up flows. */
export function createAuthService(deps: {
  users: UsersRepository;
  tokens: TokensRepository;
  sms: SmsService;
  clock: Clock;
  /** Signs access tokens (the first key) and verifies them (any key of the ring). */
  keys: Keyring;
  /** Whether a URL is one of our uploads (`ownUploadMatcher`), as for listing proofs. */
  isOwnUpload: (url: string) => boolean;
  /** Queues an expert's office and introduction for operators when they carry scam signals (issue 10 §6). */
  screenProfile?: (userId: number, text: string) => Promise<unknown>;
  /** The device of the request that signs in, and where a new session is announced (issue 23). */
  currentDevice?: () => { key: string; name: string } | undefined;
  sessionStarted?: (userId: number, device: { key: string; name: string }, at: Date) => Promise<void>;
  /**
   * Where the session holders read on every request are kept per instance (issue 24); without it
   * each request reads the database. The repositories tell the view's topic of every change.
   */
  sessions?: MemberView<SessionRow | undefined>;
}) {
  const { users, tokens, sms, clock, keys, isOwnUpload } = deps;
  /** An expert's own words, as others would read them: office and introduction. */
  const screen = (userId: number, p: { officeName?: string | null; introduction?: string | null }) =>
    p.officeName || p.introduction ? deps.screenProfile?.(userId, [p.officeName, p.introduction].filter(Boolean).join('\n')) : undefined;

  async function issue(userId: number, familyId?: string, familyExpiresAt?: Date): Promise<TokenPair> {
    const now = clock.now();
    const started = familyId === undefined;
    familyId ??= randomUUID();
    const refreshToken = randomToken();
    await tokens.insert({
      userId,
      familyId,
      tokenHash: tokenHash(refreshToken),
      at: now,
      expiresAt: new Date(
        Math.min(now.getTime() + REFRESH_TTL_MS, (familyExpiresAt ?? new Date(now.getTime() + REFRESH_FAMILY_TTL_MS)).getTime()),
      ),
      familyExpiresAt: familyExpiresAt ?? new Date(now.getTime() + REFRESH_FAMILY_TTL_MS),
    });
    // A new session (a sign-in, not a refresh): announced with its device (issue 23).
    const device = started ? deps.currentDevice?.() : undefined;
    if (device) await deps.sessionStarted?.(userId, device, now);
    return { accessToken: await signAccessToken(keys, { userId, sid: familyId }, now.getTime(), ACCESS_TTL_SECONDS), refreshToken };
  }

  /**
   * A valid access token's claims and its session as stored (through the session view), with
   * whether the session lives now; null for a bad or expired token, a deleted account or a session
   * that never was or ended.
   */
  async function sessionOf(accessToken: string | undefined) {
    if (!accessToken) return null;
    const now = clock.now().getTime();
    const claims = await verifyAccessClaims(keys, accessToken, now);
    if (claims === null) return null;
    const load = () => users.findSessionHolder(claims.id, claims.sid);
    const row = await (deps.sessions ? deps.sessions.get(claims.id, claims.sid, load) : load());
    if (!row?.session_started_at) return null;
    return { claims, row, live: row.session_live_until !== null && row.session_live_until.getTime() > now };
  }

  function refuseSuspended(user: UserRow) {
    if (user.sanction_state === SanctionState.SUSPEND) throw new AppError(403, 'suspended', 'SUSPENDED');
  }

  return {
    /** The member behind an access token, or null (bad token, ended session, deleted or suspended member). */
    /** A campaign's audience: who consented to advertising, and who also at night (issue 23 §3). */
    marketingAudience: () => users.marketingAudience(),
    /** Consent to advertising and to night-time advertising (issue 23): read, and changed in the caller's transaction. */
    consents: (userId: number) => users.consents(userId),
    setConsents: (tx: Db, userId: number, c: { marketing: boolean; nighttime: boolean }) =>
      users.setConsents(tx, userId, { ...c, at: clock.now() }),

    /** A member's public face (their page, issue 22); deleted members included, as '탈퇴한 회원'. */
    publicProfile: (id: number) => users.publicProfile(id),

    async memberFor(accessToken: string | undefined): Promise<SessionHolder | null> {
      return activeMember(await this.holderOf(accessToken));
    },

    /**
     * The member an access token was issued to, as they stand now (a suspended member included, so
     * that member-only routes can say why the token no longer works); null for a bad or expired
     * token, a deleted account, or a session that ended (logout, password change, deletion, role
     * change, suspension, an operator's revoke). Read through the session view (issue 24): each
     * of those changes is announced on the bus after it commits, and the write's answer waits until
     * every instance has heard it, so a session ended anywhere is refused on the next request.
     */
    async holderOf(accessToken: string | undefined): Promise<SessionHolder | null> {
      const found = await sessionOf(accessToken);
      if (found === null) return null;
      const { claims, row, live } = found;
      const { session_started_at, session_live_until: _until, ...stored } = row;
      const user = users.current(stored);
      // A suspension ended every session; the member still learns why (403 SUSPENDED), and can do nothing.
      if (!live && user.sanction_state !== SanctionState.SUSPEND) return null;
      return { ...user, session: { id: claims.sid, startedAt: session_started_at as Date } };
    },

    /**
     * The id of the member an access token stands for now, when `memberFor` would admit them (a
     * live session, not suspended), else null: the same reads without building the member (the
     * server's door asks on every call it answers; lib/front-door.ts).
     */
    async activeMemberId(accessToken: string | undefined): Promise<number | null> {
      const found = await sessionOf(accessToken);
      if (found === null || !found.live) return null;
      const { row } = found;
      const suspended = effectiveSanction(row.sanction_state, row.sanction_ends_at, clock.now()) === SanctionState.SUSPEND;
      return suspended ? null : found.claims.id;
    },

    async refresh(refreshToken: string | undefined): Promise<TokenPair> {
      const now = clock.now();
      const row = refreshToken ? await tokens.find(tokenHash(refreshToken)) : undefined;
      const denied = () => new AppError(401, 'sessionExpired', 'UNAUTHORIZED');
      if (!row || row.revoked_at) throw denied();
      if (row.expires_at.getTime() <= now.getTime() || row.family_expires_at.getTime() <= now.getTime()) throw denied();
      if (row.used_at || !(await tokens.markUsed(row.id, now))) {
        // Used before: two tabs refreshing together (within the grace window) or a stolen copy.
        const usedAt = row.used_at ?? (await tokens.find(tokenHash(refreshToken as string)))?.used_at;
        if (!usedAt || now.getTime() - usedAt.getTime() > REFRESH_GRACE_MS) {
          await tokens.revokeFamily(row.family_id, now);
          throw denied();
        }
      }
      const user = await users.findById(row.user_id);
      if (!user || user.sanction_state === SanctionState.SUSPEND) {
        await tokens.revokeFamily(row.family_id, now);
        throw denied();
      }
      return issue(row.user_id, row.family_id, row.family_expires_at);
    },

    /** Ends this session (its refresh family): its access tokens stop on the next request too. */
    async logout(refreshToken: string | undefined, accessToken?: string): Promise<void> {
      const now = clock.now();
      const row = refreshToken ? await tokens.find(tokenHash(refreshToken)) : undefined;
      if (row) await tokens.revokeFamily(row.family_id, now);
      // An app that lost its refresh token still ends the session its access token names.
      const claims = accessToken ? await verifyAccessClaims(keys, accessToken, now.getTime()) : null;
      if (claims && claims.sid !== row?.family_id) await tokens.revokeSession(claims.id, claims.sid, now);
    },

    /**
     * Ends every session of a member (password change, deletion, role change, suspension, an
     * operator's revoke), in the caller's transaction when given.
     */
    endSessions: (userId: number, tx?: Db) => tokens.revokeUser(userId, clock.now(), tx),

    async phoneRegistered(phone: string, ticket: string | undefined): Promise<boolean> {
      if (!(await sms.ticketValidFor(ticket, phone))) throw new AppError(401, 'verificationRequired', 'VERIFICATION_REQUIRED');
      return (await users.findByPhone(sms.phoneKey(phone))) !== undefined;
    },

    async phoneSignIn(phone: string, ticket: string | undefined): Promise<TokenPair> {
      if (!(await sms.ticketValidFor(ticket, phone))) throw new AppError(401, 'verificationRequired', 'VERIFICATION_REQUIRED');
      const user = await users.findByPhone(sms.phoneKey(phone));
      if (!user) throw new AppError(404, 'notMember', 'NOT_MEMBER');
      refuseSuspended(user);
      await sms.consumeTicket(ticket, phone);
      return issue(user.id);
    },

    /**
     * Admits a new member whose phone was just verified: the ticket must prove the phone, the phone
     * and the email must be free, and the ticket is used up. Shared by the phone and password sign-ups.
     */
    async createPhoneMember(
      phone: string,
      email: string,
      ticket: string | undefined,
      profile: Omit<NewUser, 'phoneHash' | 'phoneMasked' | 'email' | 'at'>,
    ): Promise<TokenPair> {
      if (!(await sms.ticketValidFor(ticket, phone))) throw new AppError(401, 'verificationRequired', 'VERIFICATION_REQUIRED');
      const phoneHash = sms.phoneKey(phone);
      if (await users.findByPhone(phoneHash)) throw new AppError(409, 'alreadyMember', 'FAIL_HAS_BEESANG_USER');
      // An email is taken as an email and as a sign-in id (which keeps its value if the email changes).
      if ((await users.emailTaken(email)) || (await users.findByLogin(email))) {
        throw new AppError(409, 'emailInUse', 'EMAIL_IN_USE', { fields: { userId: '이미 사용 중인 이메일입니다.' } });
      }
      await sms.consumeTicket(ticket, phone);
      const id = await users.insert({ ...profile, phoneHash, phoneMasked: maskPhone(phone), email, at: clock.now() });
      await screen(id, profile);
      return issue(id);
    },

    /**
     * A profile photo is shown to other members as the writer's avatar, so it may only be empty or
     * one of our own uploads (SECURITY.md 18): never an outside, javascript: or data: URL.
     */
    assertProfileImage(url: string | undefined, field: string): void {
      if (url && !isOwnUpload(url)) {
        throw new AppError(400, 'profilePhotoInvalid', 'INVALID_PROFILE_IMAGE', { fields: { [field]: messages.profilePhotoInvalid } });
      }
    },

    async phoneSignUp(body: PhoneSignUpBody & { expertType: 'NORMAL' | 'PB' | 'CTA' }, ticket: string | undefined): Promise<TokenPair> {
      this.assertProfileImage(body.profileUrl, 'profileUrl');
      const expert = body.expertType !== 'NORMAL';
      // The expert's proof waits for an operator (decision 0016): only one of our own uploads.
      if (expert && body.expertProofUrl && !isOwnUpload(body.expertProofUrl)) {
        throw new AppError(400, 'expertProofInvalid', 'INVALID_PROOF_IMAGE', { fields: { expertProofUrl: messages.expertProofInvalid } });
      }
      return this.createPhoneMember(body.phoneNumber, body.userId, ticket, {
        nickname: body.userName,
        profileImageUrl: body.profileUrl ?? '',
        expertType: ExpertType[body.expertType],
        expertName: expert ? (body.expertName ?? null) : null,
        officeName: expert ? (body.officeInfo?.name ?? null) : null,
        officeDept: body.expertType === 'PB' ? (body.officeInfo?.dept ?? null) : null,
        introduction: expert ? (body.introduction ?? null) : null,
        expertProofUrl: expert ? body.expertProofUrl || null : null,
        marketing: body.marketingFlag ?? false,
        nighttime: body.nighttimeAlarmFlag ?? false,
      });
    },

    /** After an expert's profile changed: queues it for operators if its words carry scam signals. */
    screenProfile: (userId: number, profile: { office_name: string | null; introduction: string | null }) =>
      screen(userId, { officeName: profile.office_name, introduction: profile.introduction }),

    /** A fresh session (new token family) for a member the caller has already authenticated. */
    issueFor: (userId: number) => issue(userId),
    emailTaken: (email: string) => users.emailTaken(email),
    async detailById(id: number): Promise<UserDetail> {
      const user = await users.findById(id);
      if (!user) throw new AppError(401, 'sessionExpired', 'UNAUTHORIZED');
      return toDetail(user);
    },
    detail: toDetail,
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
