/** The number the visitor just verified; sign-up registers it, so it is shown but not editable. */
export function VerifiedPhone({ phone }: { phone: string }) {
  const shown = phone.length === 11 ? `${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)}` : phone;
  return (
    <p className="rounded-control bg-page px-4 py-3 text-sm text-ink-2">
      인증된 휴대폰 번호 <span className="num font-semibold text-ink">{shown}</span>
    </p>
  );
}
