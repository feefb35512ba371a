import { type AdminExpertDecision, type AdminExpertRow, ExpertType, messages, type UserDetail } from '@beesang/contract';
import type { Clock } from '../../lib/clock.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import { type InvalidationBus, TOPICS } from '../../lib/invalidation.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { ExpertClaimsService } from '../auth/expert-claims.service.ts';
import type { Actor, AuditService } from '../staff/audit.service.ts';

/**
 * Expert badges that mean something (decision 0016). A PB or CTA member's claim is PENDING until an
 * operator approves their proof; until then others see a normal member (the database's public_*
 * columns). A member sends a proof (again after a rejection) and waits; an operator decides once,
 * with a reason for a rejection, and the decision is audited in its transaction.
 */
export function createExpertService(deps: {
  claims: ExpertClaimsService;
  auth: AuthService;
  audit: AuditService;
  /** Whether a URL is one of our uploads: a proof is never an outside, javascript: or data: URL. */
  isOwnUpload: (url: string) => boolean;
  bus: InvalidationBus;
  clock: Clock;
}) {
  const { claims, auth, audit, isOwnUpload, bus, clock } = deps;
  const typeName = (code: number) => (code === ExpertType.PB ? 'PB' : 'CTA');

  return {
    /** The member's proof: waiting or turned down, they (re)join the queue at its end. */
    async submitProof(member: { id: number; expert_type: number }, proofUrl: string): Promise<UserDetail> {
      if (!isOwnUpload(proofUrl)) {
        throw new AppError(400, 'expertProofInvalid', 'INVALID_PROOF_IMAGE', { fields: { proofUrl: messages.expertProofInvalid } });
      }
      if (member.expert_type === ExpertType.NORMAL) throw new AppError(403, 'expertOnly', 'NOT_EXPERT');
      if (!(await claims.submitProof(member.id, proofUrl, clock.now()))) {
        // Approved in the meantime (the only other way the update finds nothing for a live expert).
        throw new AppError(409, 'expertAlreadyApproved', 'ALREADY_APPROVED');
      }
      return auth.detailById(member.id);
    },

    /** 전문가 심사: claims waiting with a proof, oldest first. Real names and proof images: the look is logged. */
    async queue(actor: Actor, page: number, size: number) {
      await audit.accessed(actor, {
        targetUserId: null,
        action: 'experts.queue',
        detail: 'expert names, offices, introductions and proof images of waiting members',
      });
      const { rows, total, oldest } = await claims.queue(page, size);
      const data: AdminExpertRow[] = rows.map((r) => ({
        userIdx: r.id,
        userNickname: r.nickname,
        profileImageUrl: r.profile_image_url,
        expertType: typeName(r.expert_type),
        expertName: r.expert_name ?? '',
        officeName: r.office_name ?? '',
        officeDept: r.office_dept ?? '',
        introduction: r.introduction ?? '',
        proofUrl: r.expert_proof_url ?? '',
        submittedAt: (r.expert_submitted_at as Date).toISOString(),
        joinedAt: r.created_at.toISOString(),
        previousRejectReason: r.expert_reject_reason ?? '',
      }));
      return { data, total, page, size, oldestWaitingSince: oldest?.toISOString() ?? null };
    },

    async decide(actor: Actor, userId: number, body: AdminExpertDecision): Promise<void> {
      const claim = await claims.claim(userId);
      if (!claim || claim.deleted_at) throw new NotFoundError('memberNotFound');
      if (claim.expert_status !== 'PENDING') throw new AppError(409, 'expertNotWaiting', 'NOT_WAITING');
      if (body.proofUrl !== undefined && body.proofUrl !== claim.expert_proof_url) {
        throw new AppError(409, 'expertProofChanged', 'PROOF_CHANGED');
      }
      const approve = body.decision === 'APPROVE';
      if (approve && !claim.expert_proof_url) throw new AppError(409, 'expertNoProof', 'NO_PROOF');
      const proofUrl = claim.expert_proof_url ?? '';
      await audit.change(
        actor,
        {
          action: approve ? 'expert.approve' : 'expert.reject',
          targetType: 'USER',
          targetId: userId,
          detail: {
            expertType: typeName(claim.expert_type),
            expertName: claim.expert_name ?? '',
            officeName: claim.office_name ?? '',
            officeDept: claim.office_dept ?? '',
            proofUrl,
            reason: body.reason,
          },
        },
        async (tx) => {
          const decided = await claims.decide(tx, actor, {
            userId,
            status: approve ? 'APPROVED' : 'REJECTED',
            reason: approve ? null : body.reason,
            // The proof just checked: one sent since then is not what the operator judged.
            proofUrl,
            by: actor.id,
            at: clock.now(),
          });
          if (!decided) throw new AppError(409, 'expertNotWaiting', 'NOT_WAITING');
        },
      );
      // The badge appears on the member's listings at once: cached order books and pages are dropped everywhere.
      if (approve) bus.publish(TOPICS.listings);
    },
  };
}
export type ExpertService = ReturnType<typeof createExpertService>;
