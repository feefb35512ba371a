import { useId } from 'react';

export interface TermsState {
  service: boolean;
  privacy: boolean;
}

const ITEMS: Array<{ key: keyof TermsState; label: string; href: string }> = [
  { key: 'service', label: '서비스 이용약관', href: '/terms' },
  { key: 'privacy', label: '개인정보 처리방침', href: '/privacy' },
];

/** Spec §2 terms checklist: '전체 동의' plus the two required items, each readable in a new window. */
export function TermsChecklist({ value, onChange, error }: { value: TermsState; onChange(next: TermsState): void; error?: string }) {
  const id = useId();
  const errorId = `${id}-error`;
  const all = value.service && value.privacy;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="rounded-card border border-line p-4">
      <legend className="sr-only">약관 동의</legend>
      <label className="flex items-center gap-3 font-semibold">
        <input type="checkbox" checked={all} onChange={() => onChange({ service: !all, privacy: !all })} className="size-5 accent-brand" />
        전체 동의
      </label>
      <ul className="mt-3 space-y-2 border-t border-line pt-3">
        {ITEMS.map((item) => (
          <li key={item.key} className="flex items-center justify-between gap-2 text-sm">
            <label className="flex items-center gap-3">
              <input
                type="checkbox"
                checked={value[item.key]}
                onChange={(e) => onChange({ ...value, [item.key]: e.target.checked })}
                className="size-5 accent-brand"
              />
              <span>
                <span className="text-brand">[필수]</span> {item.label}
              </span>
            </label>
            <a href={item.href} target="_blank" rel="noopener noreferrer" className="shrink-0 text-ink-3 underline hover:text-ink">
              보기<span className="sr-only"> {item.label} (새 창)</span>
            </a>
          </li>
        ))}
      </ul>
      {error && (
        <p id={errorId} className="mt-2 text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
