/**
 * The number the visitor just verified; sign-up registers it, so it is shown but not editable.
 * `onChange`, when given, offers to verify another number instead.
 */
export function VerifiedPhone({ phone, onChange }: { phone: string; onChange?(): void }) {
  const shown = phone.length === 11 ? `${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)}` : phone;
  return (
    <div className="flex items-center justify-between gap-3 rounded-control bg-page px-4 py-3 text-sm text-ink-2">
      <p>
        인증된 휴대폰 번호 <span className="num font-semibold text-ink">{shown}</span>
      </p>
      {onChange && (
        <button type="button" className="shrink-0 font-semibold text-brand underline-offset-2 hover:underline" onClick={onChange}>
          변경<span className="sr-only"> (다른 번호로 인증)</span>
        </button>
      )}
    </div>
  );
}
