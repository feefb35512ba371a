import { INTRODUCTION_MAX, NICKNAME_MAX, NICKNAME_MIN } from './constants.ts';
import type { ExpertTypeName } from './enums.ts';
import { EXPERT_STATUSES, expertProofUrlSchema } from './expert-schemas.ts';
import { messages } from './messages.ts';
import { z } from './zod.ts';

/** Spec §5 phone login and sign-up rules, shared by the login modal and the API. */

export const PHONE_PATTERN = /^010\d{8}$/;
export const CODE_PATTERN = /^\d{6}$/;
const LETTERS = /^[가-힣a-zA-Z]+$/;

export const phoneSchema = z
  .string({ error: messages.phoneRequired })
  .min(1, { error: messages.phoneRequired })
  .regex(PHONE_PATTERN, { error: messages.phoneInvalid });

export const codeSchema = z
  .string({ error: messages.codeRequired })
  .min(1, { error: messages.codeRequired })
  .regex(CODE_PATTERN, { error: messages.codeInvalid });

export const nicknameSchema = z
  .string({ error: messages.nicknameRequired })
  .min(1, { error: messages.nicknameRequired })
  .min(NICKNAME_MIN, { error: messages.nicknameMin })
  .max(NICKNAME_MAX, { error: messages.nicknameMax })
  .regex(LETTERS, { error: messages.nicknameLetters });

export const expertNameSchema = z
  .string({ error: messages.expertNameLetters })
  .min(NICKNAME_MIN, { error: messages.expertNameMin })
  .max(NICKNAME_MAX, { error: messages.expertNameMax })
  .regex(LETTERS, { error: messages.expertNameLetters });

export const emailSchema = (message: string = messages.emailInvalidNormal) =>
  z
    .string({ error: messages.emailRequired })
    .min(1, { error: messages.emailRequired })
    .max(100, { error: message })
    .pipe(z.email({ error: message }));

export const introductionSchema = z.string().max(INTRODUCTION_MAX, { error: messages.introductionMax });

export const smsSendBody = z.object({ phone: phoneSchema });
export const smsMatchBody = z.object({ phone: phoneSchema, code: codeSchema });

const deviceFields = {
  deviceType: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: messages.invalidInput }).default(3),
  userDeviceId: z.string().max(200).default(''),
  fcmDeviceToken: z.string().max(500).default(''),
};

/** Spec §3 "Phone login". */
export const phoneSignInBody = z.object({ phone: phoneSchema, ...deviceFields });

export const EXPERT_TYPE_NAMES = ['NORMAL', 'PB', 'CTA'] as const;
export type OfficeProblems = { name?: 'officeRequiredPb' | 'officeRequiredCta'; dept?: 'deptRequired' };

/**
 * Spec §5: a PB member names an office and a department, a CTA member an office. Checks the
 * values given (undefined = not given) and returns the message key for each one left empty; used
 * by sign-up, by the API on account edits (where the type comes from the member) and by /myPage.
 */
export function officeProblems(expertType: ExpertTypeName, office: { name?: string; dept?: string }): OfficeProblems {
  const problems: OfficeProblems = {};
  if (expertType === 'NORMAL') return problems;
  if (office.name !== undefined && !office.name.trim()) problems.name = expertType === 'PB' ? 'officeRequiredPb' : 'officeRequiredCta';
  if (expertType === 'PB' && office.dept !== undefined && !office.dept.trim()) problems.dept = 'deptRequired';
  return problems;
}

/**
 * A profile photo URL: empty (the default image) or, as the API checks against its storage, one of
 * our own uploads. The schema only bounds the length; the storage base is known to the server alone.
 */
export const profileImageUrlSchema = z.string({ error: messages.profilePhotoInvalid }).max(500, { error: messages.profilePhotoInvalid });

/** Spec §3 "Sign-up payload (phone flow)", expert fields included. */
export const phoneSignUpBody = z
  .object({
    userId: emailSchema(),
    userName: nicknameSchema,
    phoneNumber: phoneSchema,
    profileUrl: profileImageUrlSchema.default(''),
    marketingFlag: z.boolean().default(false),
    nighttimeAlarmFlag: z.boolean().default(false),
    expertType: z.enum(EXPERT_TYPE_NAMES, { error: messages.invalidInput }).default('NORMAL'),
    expertName: expertNameSchema.optional(),
    officeInfo: z.object({ name: z.string().max(100), dept: z.string().max(100).optional() }).optional(),
    introduction: introductionSchema.optional(),
    /** An expert's business card or certificate (one of our uploads), optional here: /myPage takes it later too. */
    expertProofUrl: expertProofUrlSchema.optional(),
    ...deviceFields,
  })
  .superRefine((body, ctx) => {
    if (body.expertType === 'NORMAL') return;
    if (!body.expertName) ctx.addIssue({ code: 'custom', path: ['expertName'], message: messages.expertNameLetters });
    if (!body.profileUrl) ctx.addIssue({ code: 'custom', path: ['profileUrl'], message: messages.profilePhotoRequired });
    const office = officeProblems(body.expertType, { name: body.officeInfo?.name ?? '', dept: body.officeInfo?.dept ?? '' });
    if (office.name) ctx.addIssue({ code: 'custom', path: ['officeInfo', 'name'], message: messages[office.name] });
    if (office.dept) ctx.addIssue({ code: 'custom', path: ['officeInfo', 'dept'], message: messages[office.dept] });
  });
export type PhoneSignUpBody = z.input<typeof phoneSignUpBody>;

export const tokenPairSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;
/**
 * What a sign-in answers: the refresh token only to the apps (deviceType 1 or 2, or a refresh
 * that sent it in the body); the web's lives only in its HttpOnly cookie. `failedSignIns`: wrong
 * passwords tried on this account since its last sign-in, told once (issue 13 §3).
 */
export const tokenAnswerSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string().optional(),
  failedSignIns: z.number().int().optional(),
});
export type TokenAnswer = z.infer<typeof tokenAnswerSchema>;

/** Spec §3 "User info" plus the fields the account page edits. */
export const userDetailSchema = z.object({
  userIdx: z.number().int(),
  userLevel: z.number().int(),
  userNickname: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  profileImageUrl: z.string(),
  expertType: z.enum(EXPERT_TYPE_NAMES),
  expertName: z.string(),
  officeName: z.string(),
  officeDept: z.string(),
  introduction: z.string(),
  sanctionState: z.number().int(),
  /** When the sanction in force lifts by itself (ISO time); null without one or without an end. */
  sanctionEndsAt: z.string().nullable(),
  phoneMasked: z.string(),
  /** The member's operator role, if any (the console's link shows for staff only). */
  staffRole: z.enum(['ADMIN', 'MODERATOR', 'EDITOR']).nullable(),
  /**
   * Expert review (decision 0016), for the member's own eyes; null for a normal member. Others see
   * the badge, the expert name and the office only once it is APPROVED.
   */
  expertStatus: z.enum(EXPERT_STATUSES).nullable(),
  /** Why an operator turned the claim down; '' unless REJECTED. */
  expertRejectReason: z.string(),
  /** The proof the member sent (business card or certificate); '' before one is sent. */
  expertProofUrl: z.string(),
  /** When the proof was sent and when an operator last decided (ISO); null before. */
  expertSubmittedAt: z.string().nullable(),
  expertDecidedAt: z.string().nullable(),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

/** Passwords: 8–64 characters (SECURITY.md 6); anything printable, spaces included. */
export const passwordSchema = z
  .string({ error: messages.passwordLength })
  .min(8, { error: messages.passwordLength })
  .max(64, { error: messages.passwordLength });

/** Id + password sign-up: the id is the email; the phone is verified by SMS like the phone flow. */
export const passwordSignUpBody = z.object({
  userId: emailSchema(),
  userPassword: passwordSchema,
  userName: nicknameSchema,
  phoneNumber: phoneSchema,
  marketingFlag: z.boolean().default(false),
  nighttimeAlarmFlag: z.boolean().default(false),
  ...deviceFields,
});

/** Spec §3 "Social" login payload shape, used with socialType 1 for id + password. */
export const passwordSignInBody = z.object({
  socialType: z.literal(1, { error: messages.invalidInput }).default(1),
  userId: z.string({ error: messages.loginFailed }).min(1, { error: messages.loginFailed }).max(100, { error: messages.loginFailed }),
  userPassword: z.string({ error: messages.loginFailed }).min(1, { error: messages.loginFailed }).max(64, { error: messages.loginFailed }),
  identityToken: z.string().max(4000).optional(),
  ...deviceFields,
});

/**
 * PUT /api/user/password: the spec's `{password}`, plus the current password as proof the owner is
 * present. Without it the server accepts a sign-in or an SMS code verified within the last 5
 * minutes (apps that re-verify first and send the spec's payload keep working).
 */
export const passwordChangeBody = z.object({
  password: passwordSchema,
  currentPassword: z.string().max(64, { error: messages.loginFailed }).optional(),
});

/** PUT /api/user/myPage: what a member may change about themselves. Server-owned fields are not accepted. */
export const myPageUpdateBody = z
  .object({
    userNickname: nicknameSchema.optional(),
    userEmail: emailSchema().optional(),
    profileImageUrl: profileImageUrlSchema.optional(),
    expertName: expertNameSchema.optional(),
    officeName: z.string().max(100).optional(),
    officeDept: z.string().max(100).optional(),
    introduction: introductionSchema.optional(),
  })
  .strict();
