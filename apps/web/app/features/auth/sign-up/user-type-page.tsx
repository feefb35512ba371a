import { useState } from 'react';
import { Button } from '../../../components/ui/button';

export type MemberType = 'NORMAL' | 'PB' | 'CTA';

const TYPES: Array<{ value: MemberType; label: string; description: string }> = [
  { value: 'NORMAL', label: '일반 회원', description: '시세를 보고 매물을 사고팔아요' },
  { value: 'PB', label: '증권사 PB 회원', description: '증권사 PB로 활동하며 고객을 만나요' },
  { value: 'CTA', label: '세무사 회원', description: '세무사로 활동하며 상담을 제공해요' },
];

/**
 * USER_TYPE page (spec §4): the chosen card decides the sign-up page. Native radios, so arrow
 * keys move between the cards; '다음' without a choice does nothing.
 */
export function UserTypePage({ onNext }: { onNext(type: MemberType): void }) {
  const [type, setType] = useState<MemberType | null>(null);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (type) onNext(type);
      }}
    >
      <fieldset>
        <legend className="text-xl font-bold">어떤 회원으로 가입하시나요?</legend>
        <div className="mt-6 space-y-3">
          {TYPES.map((t) => (
            <label
              key={t.value}
              className={`flex cursor-pointer items-center gap-3 rounded-card border p-4 has-focus-visible:outline-2 has-focus-visible:outline-brand ${
                type === t.value ? 'border-brand bg-brand/5' : 'border-line hover:bg-page'
              }`}
            >
              <input
                type="radio"
                name="member-type"
                value={t.value}
                checked={type === t.value}
                onChange={() => setType(t.value)}
                className="size-5 accent-brand"
              />
              <span>
                <span className="block font-semibold">{t.label}</span>
                <span className="block text-sm text-ink-2">{t.description}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" full className="mt-8">
        다음
      </Button>
    </form>
  );
}
