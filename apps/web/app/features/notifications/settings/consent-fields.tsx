import { QUIET_HOURS } from '@beesang/contract';
import { useId } from 'react';
import { SwitchInput } from './switch-input';

const pad = (h: number) => String(h).padStart(2, '0');
export const MARKETING_LABEL = '광고성 정보 수신 동의';
export const NIGHT_LABEL = `야간(${QUIET_HOURS.from}시~${pad(QUIET_HOURS.to)}시) 광고 수신 동의`;

function ConsentSwitch(props: { label: string; hint: string; checked: boolean; disabled?: boolean; onChange(on: boolean): void }) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-3 py-2">
      <div className="min-w-0 pt-2.5">
        <label htmlFor={id} className="font-semibold">
          {props.label}
        </label>
        <p id={`${id}-hint`} className="mt-0.5 text-[13px] text-ink-3">
          {props.hint}
        </p>
      </div>
      <SwitchInput
        id={id}
        aria-describedby={`${id}-hint`}
        checked={props.checked}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.checked)}
      />
    </div>
  );
}

/**
 * The two consents of 정보통신망법 §50: advertising at all, and advertising at night, which needs
 * the first (turning the first off turns the second off with it).
 */
export function ConsentFields(props: {
  marketingFlag: boolean;
  nighttimeAlarmFlag: boolean;
  onChange(next: { marketingFlag: boolean; nighttimeAlarmFlag: boolean }): void;
}) {
  const { marketingFlag, nighttimeAlarmFlag } = props;
  return (
    <fieldset className="mt-5 border-t border-line pt-3">
      <legend className="sr-only">광고성 정보 수신</legend>
      <ConsentSwitch
        label={MARKETING_LABEL}
        hint="이벤트·혜택 소식을 알림으로 받아요. 모든 광고는 '(광고)'로 시작하고, 여기서 언제든 끌 수 있어요."
        checked={marketingFlag}
        onChange={(on) => props.onChange({ marketingFlag: on, nighttimeAlarmFlag: on && nighttimeAlarmFlag })}
      />
      <ConsentSwitch
        label={NIGHT_LABEL}
        hint={
          marketingFlag
            ? `동의하지 않으면 밤사이 광고는 오전 ${QUIET_HOURS.to}시에 보내요.`
            : '광고성 정보 수신에 먼저 동의해야 고를 수 있어요.'
        }
        checked={marketingFlag && nighttimeAlarmFlag}
        disabled={!marketingFlag}
        onChange={(on) => props.onChange({ marketingFlag, nighttimeAlarmFlag: on })}
      />
    </fieldset>
  );
}
