import { adminTopFixBody, digitsOnly, formatDateTime, messages } from '@beesang/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Form } from '../../../components/ui/form';
import { ApiError } from '../../../lib/api-client';
import { CONTROL, Field } from '../shared/field';
import { fromKstInput, toKstInput } from '../shared/kst';
import { schemaErrors } from '../shared/schema-errors';
import { useAdminAction } from '../shared/use-admin-action';
import { pinTrade } from './top-fix-api';

const DAY = 86_400_000;
export const PIN_DEFAULT_DAYS = 7;
const PRESETS = [1, 3, 7, 30];
type Errors = Partial<Record<'tradeIdx' | 'endsAt', string>>;

/** Why a pin cannot be sent, field by field; the contract's schema has the last word on the time. */
export function checkPin(tradeIdx: string, endsAtInput: string, now: number): Errors {
  const errors: Errors = {};
  if (!tradeIdx) errors.tradeIdx = '고정할 매물 번호를 입력해주세요.';
  else if (!/^[1-9]\d{0,11}$/.test(tradeIdx)) errors.tradeIdx = '매물 번호는 1 이상의 숫자로 입력해주세요.';
  const endsAt = fromKstInput(endsAtInput);
  const parsed = adminTopFixBody.safeParse({ endsAt: endsAt ?? '' });
  if (!endsAtInput) errors.endsAt = '고정을 끝낼 일시를 입력해주세요.';
  else if (!parsed.success) errors.endsAt = schemaErrors(parsed.error).endsAt ?? messages.adminEndsAtInvalid;
  else if (Date.parse(parsed.data.endsAt) <= now) errors.endsAt = messages.adminEndsAtPast;
  return errors;
}

/** 상단 고정: a listing by its number, until a Seoul date-time (a week from now unless changed). */
export function PinForm({ clock = Date.now }: { clock?: () => number }) {
  const { busy, run } = useAdminAction();
  const [tradeIdx, setTradeIdx] = useState('');
  const [endsAt, setEndsAt] = useState(() => toKstInput(clock() + PIN_DEFAULT_DAYS * DAY));
  const [errors, setErrors] = useState<Errors>({});

  async function submit() {
    const found = checkPin(tradeIdx, endsAt, clock());
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const iso = fromKstInput(endsAt) as string;
    const result = await run('상단 고정', () => pinTrade(Number(tradeIdx), iso), {
      done: `매물 ${tradeIdx}번을 ${formatDateTime(iso)}까지 고정했습니다.`,
    });
    if (result.ok) return setTradeIdx('');
    if (!(result.error instanceof ApiError)) return;
    const message = result.error.fields?.endsAt ?? result.error.message;
    const aboutTime =
      Boolean(result.error.fields?.endsAt) || message === messages.adminEndsAtPast || message === messages.adminEndsAtInvalid;
    setErrors(aboutTime ? { endsAt: message } : { tradeIdx: message });
  }

  return (
    <Form onSubmit={submit} className="rounded-card bg-white p-4 ring-1 ring-line" aria-labelledby="pin-form-title">
      <h2 id="pin-form-title" className="font-bold">
        매물 고정하기
      </h2>
      <div className="mt-3 grid gap-3 md:grid-cols-[180px_minmax(0,260px)_1fr] md:items-start">
        <Field label="매물 번호" error={errors.tradeIdx} hint="진행 중인 매물의 번호">
          {(c) => (
            <input
              {...c}
              className={CONTROL}
              inputMode="numeric"
              autoComplete="off"
              value={tradeIdx}
              onChange={(e) => setTradeIdx(digitsOnly(e.target.value, 12))}
            />
          )}
        </Field>
        <Field label="고정 종료 (한국 시간)" error={errors.endsAt} hint={`기본값은 지금부터 ${PIN_DEFAULT_DAYS}일 뒤입니다.`}>
          {(c) => <input {...c} type="datetime-local" className={CONTROL} value={endsAt} onChange={(e) => setEndsAt(e.target.value)} />}
        </Field>
        <div className="flex flex-wrap items-center gap-1.5 md:mt-6">
          {PRESETS.map((d) => (
            <button
              key={d}
              type="button"
              aria-label={`종료를 지금부터 ${d}일 뒤로`}
              onClick={() => setEndsAt(toKstInput(clock() + d * DAY))}
              className="h-10 rounded-control px-2.5 text-sm text-ink-2 ring-1 ring-line hover:bg-page"
            >
              {d}일
            </button>
          ))}
          <Button type="submit" size="control" className="ml-auto" disabled={busy}>
            고정
          </Button>
        </div>
      </div>
    </Form>
  );
}
