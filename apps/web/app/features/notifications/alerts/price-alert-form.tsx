import { formatNumber, PRICE_ALERT_DIRECTIONS, type PriceAlert, priceAlertBody } from '@beesang/contract';
import { useId, useState } from 'react';
import { AmountField } from '../../../components/ui/amount-field';
import { Button } from '../../../components/ui/button';
import { Form } from '../../../components/ui/form';

type Direction = PriceAlert['direction'];

export const DIRECTION_TEXT: Record<Direction, string> = { ABOVE: '위로 넘으면', BELOW: '아래로 내려가면' };
/** The level a new alert starts from: 5 % beyond the price now, on the side chosen. */
export const DEFAULT_STEP = 0.05;

export const defaultPrice = (current: number, direction: Direction): string =>
  current > 0 ? String(Math.max(1, Math.round(current * (direction === 'ABOVE' ? 1 + DEFAULT_STEP : 1 - DEFAULT_STEP)))) : '';

/** '+5.00%' from the price now, for the hint. */
function fromCurrent(price: number, current: number): string {
  const rate = ((price - current) / current) * 100;
  return `${rate > 0 ? '+' : ''}${rate.toFixed(2)}%`;
}

/**
 * A new price alert: over or under, and the price (thousands separators, ±5 % of the price now to
 * begin with; switching the side moves an untouched price with it). The contract's schema says
 * what is wrong under the field; `refusal` is the API's word (the 50th alert).
 */
export function PriceAlertForm(props: {
  companyIdx: number;
  currentPrice: number;
  /** Why no alert can be added now (the limit reached): the button waits and this is said. */
  blocked?: string;
  refusal?: string;
  busy: boolean;
  onSubmit(body: { companyIdx: number; direction: Direction; price: number }): Promise<boolean>;
}) {
  const { companyIdx, currentPrice: current } = props;
  const [direction, setDirection] = useState<Direction>('ABOVE');
  const [price, setPrice] = useState(() => defaultPrice(current, 'ABOVE'));
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const refusalId = useId();

  const choose = (next: Direction) => {
    setDirection(next);
    if (!touched) setPrice(defaultPrice(current, next));
  };

  const submit = async () => {
    const parsed = priceAlertBody.safeParse({ companyIdx, direction, price: price === '' ? Number.NaN : Number(price) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    if (await props.onSubmit(parsed.data)) {
      setTouched(false);
      setPrice(defaultPrice(current, direction));
    }
  };

  const value = Number(price);
  const crossedAlready = current > 0 && price !== '' && (direction === 'ABOVE' ? value <= current : value >= current);
  const hint =
    current > 0 && price !== '' && value > 0
      ? `현재가 ${formatNumber(current)}원 대비 ${fromCurrent(value, current)}${crossedAlready ? ' · 이미 넘은 가격이에요' : ''}`
      : undefined;
  const said = props.blocked ?? props.refusal;
  return (
    <Form onSubmit={submit} aria-labelledby="price-alert-form-title" aria-describedby={said ? refusalId : undefined}>
      <h3 id="price-alert-form-title" className="font-semibold">
        새 알림
      </h3>
      <fieldset className="mt-2">
        <legend className="sr-only">알림 조건</legend>
        <div className="grid grid-cols-2 gap-1 rounded-control bg-page p-1">
          {PRICE_ALERT_DIRECTIONS.map((d) => (
            <label
              key={d}
              className="flex h-10 cursor-pointer items-center justify-center rounded-[6px] text-sm font-semibold text-ink-2 has-checked:bg-white has-checked:text-ink has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-brand"
            >
              <input type="radio" name="direction" value={d} checked={direction === d} onChange={() => choose(d)} className="sr-only" />
              {DIRECTION_TEXT[d]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-3">
        <AmountField
          label="알림 가격"
          suffix="원"
          value={price}
          onChange={(digits) => {
            setTouched(true);
            setPrice(digits);
            setError(undefined);
          }}
          hint={hint}
          warning={error}
          invalid={Boolean(error)}
          accent={direction === 'ABOVE' ? 'text-rise' : 'text-fall'}
        />
      </div>
      {said && (
        <p id={refusalId} role="alert" className="mt-2 text-sm text-danger">
          {said}
        </p>
      )}
      <Button type="submit" full className="mt-4" disabled={props.busy || Boolean(props.blocked)} aria-busy={props.busy || undefined}>
        알림 추가
      </Button>
    </Form>
  );
}
