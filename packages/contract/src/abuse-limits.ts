/**
 * Limits on abuse (issue 10 §4; docs/decisions/0007-sanctions-and-abuse-limits.md): how often one
 * member, or one address without an account, may do what changes what others see. Each answers
 * 429 with its own Korean message and Retry-After.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface LimitRule {
  max: number;
  windowMs: number;
}

export const ABUSE_LIMITS = {
  /** Listings (sell and buy) posted by one member. */
  listingsPerHour: { max: 10, windowMs: HOUR },
  listingsPerDay: { max: 30, windowMs: 24 * HOUR },
  /** Opinions written by one member. */
  opinions: { max: 20, windowMs: 10 * MINUTE },
  /** Reports filed by one member. */
  reports: { max: 30, windowMs: 24 * HOUR },
  /** Identity-verification requests, by member (or by address without an account: 아이디 찾기). */
  identityRequests: { max: 5, windowMs: 10 * MINUTE },
  /** Image uploads by one member, and by one address without an account. */
  memberUploads: { max: 30, windowMs: HOUR },
  anonymousUploads: { max: 10, windowMs: HOUR },
  /** Conversations a member starts (an offer on a listing they had not talked about), and messages they send (issue 22). */
  conversationsPerDay: { max: 20, windowMs: 24 * HOUR },
  messages: { max: 30, windowMs: MINUTE },
  /** Sign-in id, email and phone "already taken?" checks from one address. */
  lookups: { max: 30, windowMs: MINUTE },
} as const satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof ABUSE_LIMITS;
export type AbuseLimits = Record<LimitName, LimitRule>;

/** Page views count once per visitor and company in this window, and at most this often per address. */
export const PAGE_VIEW_WINDOW_MS = 30 * MINUTE;
export const PAGE_VIEWS_PER_ADDRESS = 10;
