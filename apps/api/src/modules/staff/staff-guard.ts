import { isStaffRole, type StaffArea, staffMay } from '@beesang/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { guard, requireMember } from '../../plugins/auth.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { Actor } from './audit.repository.ts';

/**
 * onRequest guard of every operator route (issue 11 §1): a signed-in member (401 otherwise) whose staff
 * role covers `area` (403 otherwise; ADMIN covers all). The role is read with the member on every
 * request, so a role taken away holds from the next request on.
 */
export function requireStaff(auth: AuthService, area: StaffArea) {
  const member = requireMember(auth);
  return guard(async (req: FastifyRequest, reply: FastifyReply) => {
    await member(req, reply);
    admitStaff(req.member, area);
  });
}

/** The operator of a guarded console request: who, with which role, from where. */
export function actorOf(req: FastifyRequest): Actor {
  const role = req.member?.staff_role;
  if (!req.member || !isStaffRole(role)) throw new AppError(403, 'staffOnly', 'STAFF_ONLY');
  return { id: req.member.id, role, ip: req.ip };
}

/** A signed-in member whose role covers `area`, or 403 STAFF_ONLY. */
export function admitStaff<M extends { staff_role: Parameters<typeof staffMay>[0] }>(member: M | null, area: StaffArea): M {
  if (!member || !staffMay(member.staff_role, area)) throw new AppError(403, 'staffOnly', 'STAFF_ONLY');
  return member;
}
