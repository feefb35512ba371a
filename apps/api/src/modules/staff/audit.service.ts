import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { type Actor, type AuditRepository, auditedChange } from './audit.repository.ts';
import type { StaffRepository } from './staff.repository.ts';

export type { Actor };

/**
 * How a console section outside this module (modules/expert) writes down what operators do, as the
 * staff module's own sections do: a change and its audit entry in one transaction (both or
 * neither), and every look at personal data in the access log before the answer (SECURITY.md 24).
 */
export function createAuditService(deps: { db: Db; audit: AuditRepository; staff: StaffRepository; clock: Clock }) {
  const { db, audit, staff, clock } = deps;
  return {
    change: auditedChange(db, audit, () => clock.now()),
    accessed: (actor: Actor, entry: { targetUserId: number | null; action: string; detail: string }) =>
      staff.log({ staffUserId: actor.id, ...entry, ip: actor.ip, at: clock.now() }),
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
