import { isoDateTime } from './dates.ts';
import { SanctionState } from './enums.ts';
import { messages } from './messages.ts';
import { idParam } from './schemas-common.ts';
import { STAFF_ROLES } from './staff.ts';
import { z } from './zod.ts';

/** Bodies of the operators' console (issue 11 §2). */

const sanctionStates = Object.values(SanctionState) as number[];

export const adminSanctionBody = z.strictObject({
  /** The spec's sanction code: 0 lifts, 1 WARN, 2 STOP_DEBATE, 3 STOP_TRADE, 4 SUSPEND. */
  state: z
    .number({ error: messages.adminSanctionState })
    .int()
    .refine((v) => sanctionStates.includes(v), { error: messages.adminSanctionState }),
  reason: z
    .string({ error: messages.adminReasonRequired })
    .trim()
    .min(1, { error: messages.adminReasonRequired })
    .max(300, { error: messages.adminReasonMax }),
  /** When it lifts by itself (ISO time); absent for one that lasts until lifted. */
  endsAt: isoDateTime(messages.adminEndsAtInvalid).optional(),
});
export type AdminSanctionBody = z.infer<typeof adminSanctionBody>;

export const adminRoleBody = z.strictObject({
  role: z.enum(STAFF_ROLES, { error: messages.adminRoleInvalid }).nullable(),
});

export const adminMembersQuery = z.object({
  query: z.string().trim().min(1, { error: messages.adminQueryRequired }).max(100, { error: messages.adminQueryRequired }),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

export const adminMemberRowSchema = z.object({
  userIdx: z.number().int(),
  userNickname: z.string(),
  /** Masked: the first two characters of the local part and the domain. */
  emailMasked: z.string(),
  phoneMasked: z.string(),
  userLevel: z.number().int(),
  sanctionState: z.number().int(),
  sanctionEndsAt: z.string().nullable(),
  staffRole: z.enum(STAFF_ROLES).nullable(),
  joinedAt: z.string(),
  deleted: z.boolean(),
});
export type AdminMemberRow = z.infer<typeof adminMemberRowSchema>;

export const adminSanctionHistorySchema = z.object({
  state: z.number().int(),
  reason: z.string(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  staffUserIdx: z.number().int().nullable(),
});
export type AdminSanctionHistory = z.infer<typeof adminSanctionHistorySchema>;

export const adminAuditQuery = z.object({
  staff: idParam.optional(),
  target: z.string().max(60).optional(),
  action: z.string().max(60).optional(),
  from: isoDateTime(messages.adminAuditFromInvalid).optional(),
  to: isoDateTime(messages.adminAuditToInvalid).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(50),
});

export const adminAuditEntrySchema = z.object({
  id: z.number().int(),
  /** null for an entry written from the command line (`npm run staff:grant`); staffNickname then names it. */
  staffUserIdx: z.number().int().nullable(),
  staffNickname: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  detail: z.string(),
  ip: z.string(),
  at: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

/** 'ab***@example.com' — enough for an operator to recognise, not to copy. */
export function maskEmail(email: string | null | undefined): string {
  if (!email) return '';
  const at = email.indexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

/** The four decisions on a share proof (spec's proof check codes). */
export const PROOF_DECISIONS = ['VERIFIED', 'REATTACHMENT', 'UNIDENTIFIED', 'NON_AUTHENTICITY'] as const;
export const adminProofDecisionBody = z.strictObject({
  status: z.enum(PROOF_DECISIONS, { error: messages.adminProofDecision }),
  note: z.string().trim().max(300, { error: messages.adminNoteMax }).default(''),
});

/** What members report: a listing, an opinion, or a conversation (issue 22 §4). */
export const REPORT_TARGET_TYPES = ['TRADE', 'OPINION', 'CONVERSATION'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const adminQueueQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

export const adminReportsQuery = z.object({
  status: z.enum(['OPEN', 'RESOLVED']).default('OPEN'),
  type: z.enum(REPORT_TARGET_TYPES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

export const adminReportGroupSchema = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.number().int(),
  count: z.number().int(),
  /** Reason code → how many reports gave it. */
  reasons: z.record(z.string(), z.number().int()),
  /** The reporters' own words, newest last (at most 5). */
  details: z.array(z.string()),
  firstAt: z.string(),
  lastAt: z.string(),
  /** 0 open, 1 dismissed, 2 upheld. */
  status: z.number().int(),
  content: z.string(),
  author: z.object({ userIdx: z.number().int(), userNickname: z.string() }).nullable(),
  /** Whether the content is still shown to members. */
  visible: z.boolean(),
});
export type AdminReportGroup = z.infer<typeof adminReportGroupSchema>;

export const adminResolveBody = z
  .strictObject({
    action: z.enum(['DISMISS', 'HIDE'], { error: messages.adminResolveAction }),
    sanction: adminSanctionBody.optional(),
    note: z.string().trim().max(300, { error: messages.adminNoteMax }).default(''),
  })
  .refine((b) => !(b.action === 'DISMISS' && b.sanction), { error: messages.adminDismissNoSanction, path: ['sanction'] });

export const adminTopFixBody = z.strictObject({
  /** When the pin ends (ISO); read time unpins it then. */
  endsAt: isoDateTime(messages.adminEndsAtInvalid),
});

export const adminManualPriceBody = z.strictObject({
  price: z
    .number({ error: messages.adminPriceInvalid })
    .int({ error: messages.adminPriceInvalid })
    .min(1, { error: messages.adminPriceInvalid })
    .max(99_999_999, { error: messages.adminPriceInvalid }),
  note: z.string().trim().min(1, { error: messages.adminReasonRequired }).max(300, { error: messages.adminNoteMax }),
});

/** How far an operator's price may move from the current one before only an ADMIN may approve it (issue 21). */
export const MANUAL_PRICE_ADMIN_BAND = 0.3;
/** Whether approving `price` over `current` needs an ADMIN: beyond ±30 %, or no current price to compare with. */
export const manualPriceNeedsAdmin = (price: number, current: number): boolean =>
  current <= 0 || Math.abs(price - current) > current * MANUAL_PRICE_ADMIN_BAND;

export const PRICE_ENTRY_STATUSES = ['PENDING', 'APPLIED', 'REJECTED'] as const;
export const adminPriceEntriesQuery = adminQueueQuery.extend({
  status: z.enum(PRICE_ENTRY_STATUSES, { error: messages.invalidInput }).default('PENDING'),
});
export const adminPriceEntrySchema = z.object({
  entryId: z.number().int(),
  companyIdx: z.number().int(),
  companyName: z.string(),
  price: z.number(),
  /** The company's price now (what approving replaces), and when the entry was made. */
  currentPrice: z.number(),
  basisAtEntry: z.number(),
  /** (price − currentPrice) / currentPrice × 100, one decimal; null without a current price. */
  differenceRate: z.number().nullable(),
  needsAdmin: z.boolean(),
  note: z.string(),
  status: z.enum(PRICE_ENTRY_STATUSES),
  enteredBy: z.object({ userIdx: z.number().int(), userNickname: z.string() }),
  enteredAt: z.string(),
  decidedBy: z.object({ userIdx: z.number().int(), userNickname: z.string() }).nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string(),
});
export type AdminPriceEntry = z.infer<typeof adminPriceEntrySchema>;
export const adminPriceRejectBody = z.strictObject({
  reason: z.string().trim().min(1, { error: messages.adminReasonRequired }).max(300, { error: messages.adminNoteMax }),
});

export const adminPriceReviewRowSchema = z.object({
  tradeIdx: z.number().int(),
  companyIdx: z.number().int(),
  companyName: z.string(),
  userIdx: z.number().int(),
  userNickname: z.string(),
  day: z.string(),
  price: z.number(),
  stockCount: z.number(),
  basis: z.number(),
  /** Why the finish did not move the price (decision 0006's codes). */
  reasons: z.array(z.string()),
  at: z.string(),
});
export type AdminPriceReviewRow = z.infer<typeof adminPriceReviewRowSchema>;

const contentFields = {
  title: z
    .string({ error: messages.adminContentTitle })
    .trim()
    .min(1, { error: messages.adminContentTitle })
    .max(200, { error: messages.adminContentTitle }),
  /** Markdown; members read it as sanitised HTML. */
  body: z
    .string({ error: messages.adminContentBody })
    .min(1, { error: messages.adminContentBody })
    .max(50_000, { error: messages.adminContentBody }),
  /** One of our uploads (POST /api/upload/image), or '' for none. */
  imageUrl: z.string().max(500).optional(),
  /** When it appears (ISO); a future time schedules it, absent means now. */
  publishAt: isoDateTime(messages.adminPublishAtInvalid).optional(),
  /** false keeps it a draft. */
  published: z.boolean(),
};
export const adminContentBody = z.strictObject({ ...contentFields, published: contentFields.published.default(true) });
export const adminContentPatchBody = z.strictObject(contentFields).partial();
export const adminContentKindParams = z.object({ kind: z.enum(['notice', 'event', 'news', 'market']) });
