import { MESSAGE_CAUTION_TEXT, type MessageCaution } from '@beesang/contract';

/** Why the recipient saw the caution line under a message: one chip per kind ('전화번호', '계좌번호', …). */
export function CautionChips({ cautions }: { cautions: readonly MessageCaution[] }) {
  if (cautions.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="주의 표시">
      {cautions.map((c) => (
        <li key={c} className="rounded-md bg-rise/10 px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap text-rise-ink">
          {MESSAGE_CAUTION_TEXT[c]}
        </li>
      ))}
    </ul>
  );
}
