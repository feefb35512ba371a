import { effectiveSanction } from '@beesang/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';

const columns = [
  'id',
  'nickname',
  'real_name',
  'email',
  'profile_image_url',
  'user_level',
  'expert_type',
  'expert_name',
  'office_name',
  'office_dept',
  'introduction',
  'sanction_state',
  'sanction_ends_at',
  'phone_masked',
  'deleted_at',
  'staff_role',
  'expert_status',
  'expert_proof_url',
  'expert_submitted_at',
  'expert_reject_reason',
  'expert_decided_at',
] as const;

export interface NewUser {
  nickname: string;
  marketing: boolean;
  nighttime: boolean;
  at: Date;
  provider?: number;
  socialSubject?: string;
  loginId?: string;
  passwordHash?: string;
  phoneHash?: string;
  phoneMasked?: string;
  email?: string | null;
  profileImageUrl?: string;
  expertType?: number;
  expertName?: string | null;
  officeName?: string | null;
  officeDept?: string | null;
  introduction?: string | null;
  /** An expert's proof sent with the sign-up (decision 0016); every new PB or CTA member starts PENDING either way. */
  expertProofUrl?: string | null;
}

/**
 * Members as they stand now: `sanction_state` is the sanction in force at the clock's time, so a
 * sanction whose end has passed reads as lifted everywhere a member is loaded (issue 10 §3).
 */
export function createUsersRepository(
  db: Db,
  clock: Clock,
  /** Told after each change to a member's row commits, in the writer's transaction (the session view drops them, issue 24). */
  changed: (tx: Db, userId: number) => void = () => {},
) {
  const current = <T extends { sanction_state: number; sanction_ends_at: Date | null } | undefined>(row: T): T =>
    row && { ...row, sanction_state: effectiveSanction(row.sanction_state, row.sanction_ends_at, clock.now()) };
  return {
    /** The member's consent to advertising, and to advertising at night (정보통신망법 §50; issue 23). */
    async consents(userId: number) {
      return db.selectFrom('users').select(['marketing_flag', 'nighttime_alarm_flag']).where('id', '=', userId).executeTakeFirst();
    },
    async setConsents(tx: Db, userId: number, c: { marketing: boolean; nighttime: boolean; at: Date }): Promise<void> {
      await tx
        .updateTable('users')
        .set({ marketing_flag: c.marketing, nighttime_alarm_flag: c.marketing && c.nighttime, updated_at: c.at })
        .where('id', '=', userId)
        .execute();
    },

    /** Live members who consented to advertising, and whether also at night (a campaign's audience). */
    async marketingAudience() {
      const rows = await db
        .selectFrom('users')
        .select(['id', 'nighttime_alarm_flag'])
        .where('marketing_flag', '=', true)
        .where('deleted_at', 'is', null)
        .execute();
      return rows.map((r) => ({ id: r.id, night: r.nighttime_alarm_flag }));
    },

    /** What anyone may see of a member (a public page, issue 22): approved expert badge only. */
    async publicProfile(id: number) {
      return db
        .selectFrom('users')
        .select([
          'id',
          'nickname',
          'profile_image_url',
          'public_expert_type',
          'public_expert_name',
          'user_level',
          'created_at',
          'deleted_at',
        ])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async findById(id: number) {
      return current(await db.selectFrom('users').select(columns).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst());
    },
    /**
     * The member an access token names and one of their sessions (refresh-token family `sid`) as
     * stored, in one query: when it began, and until when it lives (the latest family expiry among its
     * unrevoked rows; null when every row is revoked). Not adjusted to the clock: the caller judges
     * the sanction and the expiry at its own time (the row may be kept).
     */
    async findSessionHolder(id: number, sid: string) {
      return (
        db
          .selectFrom('users')
          // One pass over the family's rows gives both: when it began, and until when a row is live.
          .leftJoinLateral(
            (eb) =>
              eb
                .selectFrom('refresh_tokens as rt')
                .select([
                  sql<Date | null>`min(rt.created_at)`.as('session_started_at'),
                  sql<Date | null>`max(rt.family_expires_at) filter (where rt.revoked_at is null)`.as('session_live_until'),
                ])
                .where('rt.family_id', '=', sid)
                .whereRef('rt.user_id', '=', 'users.id')
                .as('session'),
            (join) => join.onTrue(),
          )
          .select(columns.map((c) => `users.${c}` as const))
          .select(['session.session_started_at', 'session.session_live_until'])
          .where('users.id', '=', id)
          .where('users.deleted_at', 'is', null)
          .executeTakeFirst()
      );
    },
    /** A member's row as it stands at the clock's time (the sanction in force). */
    current,
    async findByPhone(phoneHash: string) {
      return current(
        await db.selectFrom('users').select(columns).where('phone_hash', '=', phoneHash).where('deleted_at', 'is', null).executeTakeFirst(),
      );
    },
    async findByLogin(loginId: string) {
      return current(
        await db
          .selectFrom('users')
          .select([...columns, 'password_hash', 'last_sign_in_at'])
          .where((eb) => eb(eb.fn('lower', ['login_id']), '=', loginId.toLowerCase()))
          .where('deleted_at', 'is', null)
          .executeTakeFirst(),
      );
    },
    async passwordHash(id: number): Promise<string | null> {
      const row = await db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirst();
      return row?.password_hash ?? null;
    },
    async setPassword(tx: Db, id: number, hash: string, at: Date) {
      await tx.updateTable('users').set({ password_hash: hash, updated_at: at }).where('id', '=', id).execute();
      changed(tx, id);
    },
    async update(
      id: number,
      changes: Partial<{
        nickname: string;
        email: string;
        profile_image_url: string;
        expert_name: string;
        real_name: string;
        office_name: string;
        office_dept: string;
        introduction: string;
      }>,
      at: Date,
    ) {
      if (Object.keys(changes).length === 0) return;
      await db
        .updateTable('users')
        .set({ ...changes, updated_at: at })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .execute();
      changed(db, id);
    },
    /** Deletes the account: personal data scrubbed, the row kept so listings keep an owner id. */
    async softDelete(id: number, at: Date) {
      await db
        .updateTable('users')
        .set({
          deleted_at: at,
          phone_hash: null,
          phone_masked: '',
          email: null,
          login_id: null,
          password_hash: null,
          social_subject: null,
          real_name: null,
          expert_name: null,
          introduction: null,
          expert_proof_url: null,
          profile_image_url: '',
          nickname: '탈퇴회원',
          updated_at: at,
        })
        .where('id', '=', id)
        .execute();
      changed(db, id);
    },
    async recordFailure(key: string, at: Date) {
      await db.insertInto('auth_failures').values({ key, at }).execute();
    },
    /** How many failures under `key` since `since`, and the latest one. */
    async failureStats(key: string, since: Date): Promise<{ count: number; last: Date | null }> {
      const row = await db
        .selectFrom('auth_failures')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('at').as('last')])
        .where('key', '=', key)
        .where('at', '>=', since)
        .executeTakeFirst();
      return { count: Number(row?.n ?? 0), last: row?.last ? new Date(row.last as Date) : null };
    },
    async setLastSignIn(id: number, at: Date) {
      await db.updateTable('users').set({ last_sign_in_at: at }).where('id', '=', id).execute();
    },
    async phoneHashOf(id: number): Promise<string | null> {
      const row = await db.selectFrom('users').select('phone_hash').where('id', '=', id).executeTakeFirst();
      return row?.phone_hash ?? null;
    },
    async failuresSince(key: string, since: Date): Promise<number> {
      const row = await db
        .selectFrom('auth_failures')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('key', '=', key)
        .where('at', '>=', since)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async findBySocial(provider: number, subject: string) {
      return current(
        await db
          .selectFrom('users')
          .select(columns)
          .where('login_provider', '=', provider)
          .where('social_subject', '=', subject)
          .where('deleted_at', 'is', null)
          .executeTakeFirst(),
      );
    },
    async emailTaken(email: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },
    /** The member's sanction in force and its end, with the history row, in the caller's transaction. */
    async setSanction(tx: Db, s: { userId: number; state: number; reason: string; endsAt: Date | null; by: number | null; at: Date }) {
      const updated = await tx
        .updateTable('users')
        .set({ sanction_state: s.state, sanction_ends_at: s.endsAt, updated_at: s.at })
        .where('id', '=', s.userId)
        .where('deleted_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!updated) return false;
      changed(tx, s.userId);
      await tx
        .insertInto('sanctions')
        .values({
          user_id: s.userId,
          state: s.state,
          reason: s.reason,
          starts_at: s.at,
          ends_at: s.endsAt,
          created_by: s.by,
          created_at: s.at,
        })
        .execute();
      return true;
    },
    /** Records an operator's end of every session (the caller revokes the refresh-token families, which is what ends them). */
    async revokeSessions(tx: Db, userId: number, at: Date): Promise<boolean> {
      const row = await tx
        .updateTable('users')
        .set({ sessions_revoked_at: at })
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (row) changed(tx, userId);
      return row !== undefined;
    },
    /** The member's staff role, the row locked until the caller's transaction ends; undefined for no such member. */
    async staffRoleForUpdate(tx: Db, userId: number): Promise<{ staff_role: string | null } | undefined> {
      return tx.selectFrom('users').select('staff_role').where('id', '=', userId).forUpdate().executeTakeFirst();
    },
    /** Gives or takes a staff role. */
    async setRole(tx: Db, userId: number, role: string | null): Promise<boolean> {
      const row = await tx
        .updateTable('users')
        .set({ staff_role: role })
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (row) changed(tx, userId);
      return row !== undefined;
    },
    /** Every sanction a member was given, newest first (lifted ones included). */
    async sanctionHistory(userId: number) {
      return db
        .selectFrom('sanctions')
        .select(['id', 'state', 'reason', 'starts_at', 'ends_at', 'created_by'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },
    /** Every kind of new member (phone, id + password, social): what a flow does not know stays empty. */
    async insert(user: NewUser): Promise<number> {
      const row = await db
        .insertInto('users')
        .values({
          login_provider: user.provider ?? 1,
          social_subject: user.socialSubject ?? null,
          login_id: user.loginId ?? null,
          password_hash: user.passwordHash ?? null,
          phone_hash: user.phoneHash ?? null,
          phone_masked: user.phoneMasked ?? '',
          email: user.email ?? null,
          nickname: user.nickname,
          real_name: user.expertName ?? null,
          profile_image_url: user.profileImageUrl ?? '',
          user_level: 1,
          expert_type: user.expertType ?? 0,
          expert_name: user.expertName ?? null,
          office_name: user.officeName ?? null,
          office_dept: user.officeDept ?? null,
          introduction: user.introduction ?? null,
          expert_status: user.expertType ? 'PENDING' : null,
          expert_proof_url: user.expertType ? (user.expertProofUrl ?? null) : null,
          expert_submitted_at: user.expertType && user.expertProofUrl ? user.at : null,
          marketing_flag: user.marketing,
          nighttime_alarm_flag: user.nighttime,
          created_at: user.at,
          updated_at: user.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    /**
     * A PB or CTA member's new proof (decision 0016): it (re)enters the operators' queue as PENDING.
     * False when the member is no expert, is already approved, or is gone.
     */
    async submitExpertProof(id: number, proofUrl: string, at: Date): Promise<boolean> {
      const row = await db
        .updateTable('users')
        .set({ expert_status: 'PENDING', expert_proof_url: proofUrl, expert_submitted_at: at, updated_at: at })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .where('expert_type', '<>', 0)
        .where('expert_status', 'in', ['PENDING', 'REJECTED'])
        .returning('id')
        .executeTakeFirst();
      if (row) changed(db, id);
      return row !== undefined;
    },
    /**
     * An operator's decision on a waiting claim, in the caller's transaction. Only a PENDING claim
     * is decided, and only on the proof the operator saw when `proofUrl` is given: false otherwise.
     */
    async decideExpert(
      tx: Db,
      d: { userId: number; status: 'APPROVED' | 'REJECTED'; reason: string | null; proofUrl?: string; by: number; at: Date },
    ): Promise<boolean> {
      let q = tx
        .updateTable('users')
        .set({
          expert_status: d.status,
          expert_reject_reason: d.reason,
          expert_decided_by: d.by,
          expert_decided_at: d.at,
          updated_at: d.at,
        })
        .where('id', '=', d.userId)
        .where('deleted_at', 'is', null)
        .where('expert_status', '=', 'PENDING');
      if (d.proofUrl !== undefined) q = q.where('expert_proof_url', '=', d.proofUrl);
      const decided = (await q.returning('id').executeTakeFirst()) !== undefined;
      if (decided) changed(tx, d.userId);
      return decided;
    },
    /**
     * An approved expert changed what the badge vouches for (name, office, department): the claim
     * goes back to the operators' queue, on the proof already sent, and the badge waits for them.
     */
    async reopenExpertClaim(id: number, at: Date): Promise<boolean> {
      const row = await db
        .updateTable('users')
        .set({ expert_status: 'PENDING', expert_submitted_at: at, expert_reject_reason: null, updated_at: at })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .where('expert_status', '=', 'APPROVED')
        .returning('id')
        .executeTakeFirst();
      if (row) changed(db, id);
      return row !== undefined;
    },
    /** A member's expert claim as operators judge it (deleted members included, to tell 404 from 409). */
    async expertClaim(id: number) {
      return db
        .selectFrom('users')
        .select(['id', 'expert_type', 'expert_name', 'office_name', 'office_dept', 'expert_status', 'expert_proof_url', 'deleted_at'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
    /** The operators' queue: PENDING claims with a proof, the longest waiting first, and when the oldest arrived. */
    async expertQueue(page: number, size: number) {
      const waiting = db
        .selectFrom('users')
        .where('expert_status', '=', 'PENDING')
        .where('deleted_at', 'is', null)
        .where('expert_submitted_at', 'is not', null);
      const [rows, stats] = await Promise.all([
        waiting
          .select([
            'id',
            'nickname',
            'profile_image_url',
            'expert_type',
            'expert_name',
            'office_name',
            'office_dept',
            'introduction',
            'expert_proof_url',
            'expert_submitted_at',
            'expert_reject_reason',
            'created_at',
          ])
          .orderBy('expert_submitted_at', 'asc')
          .orderBy('id', 'asc')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        waiting.select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('expert_submitted_at').as('oldest')]).executeTakeFirst(),
      ]);
      return { rows, total: Number(stats?.n ?? 0), oldest: stats?.oldest ? new Date(stats.oldest as Date) : null };
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
export type UserRow = NonNullable<Awaited<ReturnType<UsersRepository['findById']>>>;
