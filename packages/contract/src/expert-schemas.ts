import { messages } from './messages.ts';
import { z } from './zod.ts';

/**
 * Expert review (docs/decisions/0016-expert-approval.md): a PB or CTA member wears the badge, the
 * expert name and the office in front of others only after an operator approved their proof.
 */
export const EXPERT_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type ExpertStatus = (typeof EXPERT_STATUSES)[number];

/** How a member's own page names each state. */
export const EXPERT_STATUS_TEXT: Record<ExpertStatus, string> = { PENDING: '심사 중', APPROVED: '승인됨', REJECTED: '반려됨' };

/** A proof image URL: one of our uploads, as the API checks against its storage; the schema bounds its length. */
export const expertProofUrlSchema = z.string({ error: messages.expertProofInvalid }).max(500, { error: messages.expertProofInvalid });

/** POST /api/user/expert/proof: a business card or certificate image, which (re)queues the member for review. */
export const expertProofBody = z.strictObject({
  proofUrl: expertProofUrlSchema.min(1, { error: messages.expertProofRequired }),
});

export const EXPERT_DECISIONS = ['APPROVE', 'REJECT'] as const;

/** POST /api/admin/expert/:id/decision. A rejection says why: the member reads the reason as written. */
export const adminExpertDecisionBody = z
  .strictObject({
    decision: z.enum(EXPERT_DECISIONS, { error: messages.adminExpertDecision }),
    reason: z.string({ error: messages.expertRejectReasonRequired }).trim().max(300, { error: messages.adminReasonMax }).default(''),
    /** The proof the operator looked at; a different one sent meanwhile refuses the decision (409). */
    proofUrl: expertProofUrlSchema.optional(),
  })
  .refine((b) => b.decision === 'APPROVE' || b.reason.length > 0, { error: messages.expertRejectReasonRequired, path: ['reason'] });
export type AdminExpertDecisionBody = z.input<typeof adminExpertDecisionBody>;
export type AdminExpertDecision = z.output<typeof adminExpertDecisionBody>;

/** One member waiting in 전문가 심사: what they claim, and the proof they sent. */
export const adminExpertRowSchema = z.object({
  userIdx: z.number().int(),
  userNickname: z.string(),
  profileImageUrl: z.string(),
  expertType: z.enum(['PB', 'CTA']),
  expertName: z.string(),
  officeName: z.string(),
  officeDept: z.string(),
  introduction: z.string(),
  proofUrl: z.string(),
  /** When the proof was sent (ISO): the queue is oldest first. */
  submittedAt: z.string(),
  joinedAt: z.string(),
  /** The reason of an earlier rejection, '' if there was none. */
  previousRejectReason: z.string(),
});
export type AdminExpertRow = z.infer<typeof adminExpertRowSchema>;
