import { ExpertType, effectiveSanction } from '@beesang/contract';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { StaffRepository } from './staff.repository.ts';

const EXPERT_NAMES = Object.fromEntries(Object.entries(ExpertType).map(([name, code]) => [code, name])) as Record<number, string>;

/**
 * Operator access to members' personal data (SECURITY.md 24): every look is written down first —
 * who, when, from where, whose data and what — and the look fails if the record cannot be made.
 */
export function createStaffService(deps: { repo: StaffRepository; clock: Clock }) {
  const { repo, clock } = deps;
  return {
    async viewMember(staffUserId: number, targetUserId: number, ip: string) {
      const row = await repo.member(targetUserId);
      if (!row) throw new AppError(404, 'memberNotFound', 'NOT_FOUND');
      await repo.log({
        staffUserId,
        targetUserId,
        action: 'member.view',
        detail: 'nickname, real name, email, masked phone, level, sanction, listing and report counts',
        ip,
        at: clock.now(),
      });
      return {
        userIdx: row.id,
        userNickname: row.nickname,
        userName: row.real_name ?? '',
        userEmail: row.email ?? '',
        phoneMasked: row.phone_masked,
        socialType: row.login_provider,
        userLevel: row.user_level,
        expertType: EXPERT_NAMES[row.expert_type] ?? 'NORMAL',
        sanctionState: effectiveSanction(row.sanction_state, row.sanction_ends_at, clock.now()),
        identityVerified: row.identity_verified,
        listings: Number(row.listings ?? 0),
        reportsReceived: Number(row.reports_received ?? 0),
        joinedAt: row.created_at.toISOString(),
        deletedAt: row.deleted_at?.toISOString() ?? null,
      };
    },

    /** Reading the log is itself staff access, and is logged too. */
    async accessLog(staffUserId: number, ip: string, page: number, size: number, targetUserId?: number) {
      await repo.log({
        staffUserId,
        targetUserId: targetUserId ?? null,
        action: 'access-log.view',
        detail: targetUserId === undefined ? 'all entries' : 'entries about one member',
        ip,
        at: clock.now(),
      });
      const { rows, total } = await repo.accessLog(page, size, targetUserId);
      return {
        data: rows.map((r) => ({
          staffUserIdx: r.staff_user_id,
          targetUserIdx: r.target_user_id,
          action: r.action,
          detail: r.detail,
          ip: r.ip ?? '',
          at: r.at.toISOString(),
        })),
        total,
        page,
        size,
      };
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
