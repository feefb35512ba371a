import { type AdminSanctionBody, SANCTION_TEXT, SanctionState } from '@beesang/contract';
import { useId } from 'react';

export const SANCTION_LABEL = SANCTION_TEXT;

export interface SanctionDraft {
  state: number;
  reason: string;
  /** Days until it lifts; 0 for no end. */
  days: number;
}
export const emptySanction = (): SanctionDraft => ({ state: SanctionState.STOP_TRADE, reason: '', days: 7 });

export function sanctionBody(d: SanctionDraft, now: number): AdminSanctionBody {
  return {
    state: d.state,
    reason: d.reason.trim(),
    ...(d.days > 0 && d.state !== SanctionState.NORMAL && { endsAt: new Date(now + d.days * 86_400_000).toISOString() }),
  };
}

const field = 'h-10 w-full min-w-0 rounded-control border border-line bg-white px-3 text-sm focus:border-brand';

/** State, reason and length of a sanction: shared by the report queue and the member page. */
export function SanctionFields(props: { value: SanctionDraft; onChange(next: SanctionDraft): void; allowLift?: boolean }) {
  const id = useId();
  const { value, onChange } = props;
  const states = Object.values(SanctionState).filter((s) => props.allowLift || s !== SanctionState.NORMAL);
  return (
    <div className="grid gap-2 sm:grid-cols-[140px_minmax(0,1fr)_120px]">
      <label className="sr-only" htmlFor={`${id}-state`}>
        제재 단계
      </label>
      <select
        id={`${id}-state`}
        className={field}
        value={value.state}
        onChange={(e) => onChange({ ...value, state: Number(e.target.value) })}
      >
        {states.map((s) => (
          <option key={s} value={s}>
            {SANCTION_LABEL[s]}
          </option>
        ))}
      </select>
      <label className="sr-only" htmlFor={`${id}-reason`}>
        제재 사유
      </label>
      <input
        id={`${id}-reason`}
        className={field}
        value={value.reason}
        maxLength={300}
        placeholder="사유 (회원에게 보이지 않는 운영 기록)"
        onChange={(e) => onChange({ ...value, reason: e.target.value })}
      />
      <label className="sr-only" htmlFor={`${id}-days`}>
        기간
      </label>
      <select id={`${id}-days`} className={field} value={value.days} onChange={(e) => onChange({ ...value, days: Number(e.target.value) })}>
        {[1, 3, 7, 30, 90, 0].map((d) => (
          <option key={d} value={d}>
            {d === 0 ? '기한 없음' : `${d}일`}
          </option>
        ))}
      </select>
    </div>
  );
}
