/**
 * The name in Apple's form-post `user` field — `{"name":{"firstName":…,"lastName":…},"email":…}`,
 * sent on a person's first sign-in only and never in the ID token. A Korean name reads family name
 * first without a space (김 + 애플 → 김애플); others given name first.
 */
export function appleName(user: string | undefined): string | undefined {
  if (!user) return undefined;
  let parsed: { name?: { firstName?: unknown; lastName?: unknown } } | null;
  try {
    parsed = JSON.parse(user);
  } catch {
    return undefined;
  }
  const text = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 50) : '');
  const first = text(parsed?.name?.firstName);
  const last = text(parsed?.name?.lastName);
  if (!first && !last) return undefined;
  return /^[가-힣]+$/.test(`${last}${first}`) ? `${last}${first}` : [first, last].filter(Boolean).join(' ');
}
