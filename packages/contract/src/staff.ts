/**
 * Operators (issue 11 §1): ADMIN does everything and grants roles; MODERATOR handles reports,
 * proofs, expert reviews, sanctions, top-fix and price review; EDITOR handles content and companies.
 */
export const STAFF_ROLES = ['ADMIN', 'MODERATOR', 'EDITOR'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (value: unknown): value is StaffRole => STAFF_ROLES.includes(value as StaffRole);

/** What each area of the console needs; ADMIN passes every check. */
export const STAFF_AREAS = {
  members: ['MODERATOR'],
  reports: ['MODERATOR'],
  proofs: ['MODERATOR'],
  /** 전문가 심사: PB and CTA claims (decision 0016). */
  experts: ['MODERATOR'],
  sanctions: ['MODERATOR'],
  topFix: ['MODERATOR'],
  prices: ['MODERATOR'],
  content: ['EDITOR'],
  companies: ['EDITOR'],
  audit: [],
  roles: [],
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffArea = keyof typeof STAFF_AREAS;

/**
 * The staff hierarchy (issue 21): ADMIN > MODERATOR > EDITOR > member. An operator may sanction,
 * end the sessions of, decide on or change the role of only a member ranked below them, so a
 * moderator cannot suspend an admin and nobody can act on themselves.
 */
const STAFF_RANK: Record<StaffRole, number> = { ADMIN: 3, MODERATOR: 2, EDITOR: 1 };
export const staffRank = (role: string | null | undefined): number => (isStaffRole(role) ? STAFF_RANK[role] : 0);
export const outranks = (actor: string | null | undefined, target: string | null | undefined): boolean =>
  staffRank(actor) > staffRank(target);

export function staffMay(role: string | null | undefined, area: StaffArea): boolean {
  if (!isStaffRole(role)) return false;
  return role === 'ADMIN' || (STAFF_AREAS[area] as readonly StaffRole[]).includes(role);
}
