import { type StaffArea, staffMay } from '@beesang/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { requireMember } from '../../plugins/auth.ts';
import type { AuthService } from '../auth/auth.service.ts';

/**
 * preHandler of every operator route (issue 11 §1): a signed-in member (401 otherwise) whose staff
 * role covers `area` (403 otherwise; ADMIN covers all). The role is read with the member on every
 * request, so a role taken away holds from the next request on.
 */
export function requireStaff(auth: AuthService, area: StaffArea) {
  const member = requireMember(auth);
  return async (req: FastifyRequest, reply: FastifyReply) => {
    await member(req, reply);
    admitStaff(req.member, area);
  };
}

/** A signed-in member whose role covers `area`, or 403 STAFF_ONLY. */
export function admitStaff<M extends { staff_role: Parameters<typeof staffMay>[0] }>(member: M | null, area: StaffArea): M {
  if (!member || !staffMay(member.staff_role, area)) throw new AppError(403, 'staffOnly', 'STAFF_ONLY');
  return member;
}
