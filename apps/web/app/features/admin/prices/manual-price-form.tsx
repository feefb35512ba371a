import { adminManualPriceBody, digitsOnly, formatNumber, formatPrice } from '@beesang/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Form } from '../../../components/ui/form';
import { CONTROL, Field } from '../shared/field';
import { sourceText } from '../shared/price-source';
import { schemaErrors } from '../shared/schema-errors';
import { fieldErrorsOf, useAdminAction } from '../shared/use-admin-action';
import { enterManualPrice } from './prices-api';

export interface PricedCompany {
  companyIdx: number;
  companyName: string;
  /** What the operator should know of its price now, e.g. '현재가 12,300원 · 확인된 거래 3건 기준 · 11월 23일 14:05'. */
  context: string;
}

/** The context line of a company whose current price and provenance are known. */
export const currentPriceText = (p: { companyStockCurrentPrice: number; priceSource: string; priceAt: string; priceTradeCount?: number }) =>
  `현재가 ${formatPrice(p.companyStockCurrentPrice)} · ${sourceText(p)}`;

type Errors = Partial<Record<'price' | 'note', string>>;

/** 운영자 가격 입력: a price and its required note; the company then shows source MANUAL ('운영자 입력'). */
export function ManualPriceForm({ company, onDone }: { company: PricedCompany; onDone?(): void }) {
  const { busy, run } = useAdminAction();
  const [price, setPrice] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  async function submit() {
    const parsed = adminManualPriceBody.safeParse({ price: price ? Number(price) : Number.NaN, note });
    if (!parsed.success) return setErrors(schemaErrors(parsed.error));
    setErrors({});
    const result = await run('운영자 가격 입력', () => enterManualPrice(company.companyIdx, parsed.data), {
      done: `${company.companyName} ${formatPrice(parsed.data.price)}: 다른 운영자가 승인하면 반영됩니다.`,
    });
    if (result.ok) {
      setPrice('');
      setNote('');
      onDone?.();
    } else setErrors(fieldErrorsOf(result.error));
  }

  return (
    <Form onSubmit={submit} aria-label={`${company.companyName} 가격 입력`}>
      <p className="num text-sm text-ink-2">{company.context}</p>
      <div className="mt-3 grid gap-3 md:grid-cols-[200px_minmax(0,1fr)_auto] md:items-start">
        <Field label="새 가격 (원)" error={errors.price} hint={price ? formatPrice(price) : '1원 이상 1억원 미만'}>
          {(c) => (
            <input
              {...c}
              className={`${CONTROL} num text-right`}
              inputMode="numeric"
              autoComplete="off"
              value={price ? formatNumber(price) : ''}
              onChange={(e) => setPrice(digitsOnly(e.target.value, 8))}
            />
          )}
        </Field>
        <Field label="입력 사유 (필수)" error={errors.note} hint="감사 로그에 남습니다. 회원에게는 보이지 않습니다.">
          {(c) => (
            <input
              {...c}
              className={CONTROL}
              maxLength={300}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              placeholder="예: 장외 거래 다수 확인, 공시 가격 반영"
            />
          )}
        </Field>
        <Button type="submit" size="control" className="md:mt-6" disabled={busy}>
          승인 요청
        </Button>
      </div>
      <p className="mt-3 rounded-control bg-page px-3 py-2 text-sm text-ink-2">
        입력한 가격은 <strong>다른 운영자가 승인해야</strong> 현재가에 반영됩니다. 현재가와 30% 넘게 다르면 관리자(ADMIN)가 승인합니다.
        반영되면 종목 페이지의 가격 아래에 출처가 <strong>‘운영자 입력’</strong>(MANUAL)과 시각으로 표시됩니다.
      </p>
    </Form>
  );
}
