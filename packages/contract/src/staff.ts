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

export function staffMay(role: string | null | undefined, area: StaffArea): boolean {
  if (!isStaffRole(role)) return false;
  return role === 'ADMIN' || (STAFF_AREAS[area] as readonly StaffRole[]).includes(role);
}
