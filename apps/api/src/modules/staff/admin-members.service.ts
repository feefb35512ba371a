import { createRequire } from 'node:module';
import {
  type AdminAuditEntry,
  type AdminMemberRow,
  type AdminSanctionBody,
  effectiveSanction,
  isStaffRole,
  maskEmail,
  SanctionState,
  type StaffRole,
} from '@beesang/contract';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { SanctionService } from '../auth/sanction.service.ts';
import { type Actor, type AuditFilter, type AuditRepository, auditedChange } from './audit.repository.ts';
import type { StaffRepository } from './staff.repository.ts';

/**
 * The console's members section (issue 11 §2): search, sanction, end sessions, roles, and the
 * audit log. Every change and its audit entry are one transaction: both or neither.
 */
/** The sanction in force now: one past its end has lifted (decision 0007), whatever the row still says. */
function sanctionNow(state: number, endsAt: Date | null, now: Date) {
  const current = effectiveSanction(state, endsAt, now);
  return { sanctionState: current, sanctionEndsAt: current === SanctionState.NORMAL ? null : (endsAt?.toISOString() ?? null) };
}

export function createAdminMembersService(deps: {
  db: Db;
  repo: StaffRepository;
  audit: AuditRepository;
  sanctions: SanctionService;
  clock: Clock;
}) {
  const { db, repo, audit, sanctions, clock } = deps;

  const change = auditedChange(db, audit, () => clock.now());

  return {
    /** A search is a look at personal data: written to the access log before the answer. */
    async search(actor: Actor, query: string, page: number, size: number) {
      await repo.log({
        staffUserId: actor.id,
        targetUserId: null,
        action: 'members.search',
        detail: 'masked search results',
        ip: actor.ip,
        at: clock.now(),
      });
      const { rows, total } = await repo.searchMembers(query, page, size);
      const data: AdminMemberRow[] = rows.map((r) => ({
        userIdx: r.id,
        userNickname: r.nickname,
        emailMasked: maskEmail(r.email),
        phoneMasked: r.phone_masked,
        userLevel: r.user_level,
        ...sanctionNow(r.sanction_state, r.sanction_ends_at, clock.now()),
        staffRole: isStaffRole(r.staff_role) ? r.staff_role : null,
        joinedAt: r.created_at.toISOString(),
        deleted: r.deleted_at !== null,
      }));
      return { data, total, page, size };
    },

    async sanction(actor: Actor, userId: number, body: AdminSanctionBody) {
      const endsAt = body.endsAt ? new Date(body.endsAt) : null;
      if (endsAt && endsAt.getTime() <= clock.now().getTime())
        throw new AppError(400, 'adminEndsAtPast', 'BAD_REQUEST', { fields: { endsAt: '종료 시각은 지금 이후여야 합니다.' } });
      await change(
        actor,
        {
          action: 'member.sanction',
          targetType: 'USER',
          targetId: userId,
          detail: { state: body.state, reason: body.reason, endsAt: body.endsAt ?? null },
        },
        (tx) => sanctions.apply({ userId, state: body.state, reason: body.reason, endsAt, by: actor }, tx),
      );
    },

    async revokeSessions(actor: Actor, userId: number) {
      await change(actor, { action: 'member.sessions.revoke', targetType: 'USER', targetId: userId, detail: {} }, (tx) =>
        sanctions.revokeSessions(actor, userId, tx),
      );
    },

    async setRole(actor: Actor, userId: number, role: StaffRole | null) {
      // An admin cannot lock themselves out (or raise themselves): another admin decides.
      if (userId === actor.id) throw new AppError(400, 'adminSelfRole', 'SELF_ROLE');
      await change(actor, { action: 'member.role', targetType: 'USER', targetId: userId, detail: { role } }, (tx) =>
        sanctions.setRole(actor, userId, role, tx),
      );
    },

    async sanctionHistory(userId: number) {
      const rows = await sanctions.history(userId);
      return rows.map((r) => ({
        state: r.state,
        reason: r.reason,
        startsAt: r.starts_at.toISOString(),
        endsAt: r.ends_at?.toISOString() ?? null,
        staffUserIdx: r.created_by,
      }));
    },

    async auditLog(filter: AuditFilter, page: number, size: number) {
      const { rows, total } = await audit.list(filter, page, size);
      const data: AdminAuditEntry[] = rows.map((r) => ({
        id: Number(r.id),
        staffUserIdx: r.staff_user_id,
        staffNickname: r.staff_nickname ?? actorName(r.actor),
        action: r.action,
        targetType: r.target_type,
        targetId: r.target_id,
        detail: r.detail,
        ip: r.ip,
        at: r.at.toISOString(),
      }));
      return { data, total, page, size };
    },
  };
}
export type AdminMembersService = ReturnType<typeof createAdminMembersService>;

/** Who wrote an entry outside the console, as operators read it: 'cli:root@web-1' → '명령줄 (root@web-1)'. */
export function actorName(actor: string | null): string {
  if (actor?.startsWith('cli:')) return `명령줄 (${actor.slice(4)})`;
  return actor ?? '알 수 없음';
}

/** CSV of audit entries, with a BOM so that spreadsheet apps read the Korean right; formula-like cells neutralised. */
export function auditCsv(entries: AdminAuditEntry[]): string {
  const safe = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
  const rows = entries.map((e) => [
    e.id,
    e.at,
    e.staffUserIdx,
    safe(e.staffNickname),
    e.action,
    e.targetType,
    safe(e.targetId),
    safe(e.detail),
    e.ip,
  ]);
  // Loaded for the export only: a process that never exports never holds it.
  const { stringify } = createRequire(import.meta.url)('csv-stringify/sync') as typeof import('csv-stringify/sync');
  return stringify(rows, {
    bom: true,
    record_delimiter: '\r\n',
    header: true,
    columns: ['id', 'at', 'staffUserIdx', 'staffNickname', 'action', 'targetType', 'targetId', 'detail', 'ip'],
  });
}
