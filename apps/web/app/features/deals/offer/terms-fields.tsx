import { DEAL_MESSAGE_MAX, formatKoreanAmount, formatNumber, dealMessages as m, tradeMessages, tradeUiMessages } from '@beesang/contract';
import { AmountField } from '../../../components/ui/amount-field';
import { CountedTextarea } from '../../../components/ui/counted-textarea';
import {
  countFixed,
  type OfferListing,
  offerBuys,
  priceFixed,
  showsBandHint,
  type TermsDraft,
  type TermsErrors,
  totalOf,
} from './offer-form';

/**
 * Count, price, total and message of an offer or a counter-offer: a count fixed to the whole open
 * count and a price fixed to the listing's unless they are negotiable, the ±15 % hint, and the
 * contract's messages under each field.
 */
export function TermsFields(props: {
  listing: OfferListing;
  draft: TermsDraft;
  errors: TermsErrors;
  currentPrice: number | null;
  /** Whether the member writing these terms buys (red) or sells (blue); by default the offerer's side. */
  buys?: boolean;
  messageLabel: string;
  messagePlaceholder?: string;
  onChange(patch: Partial<TermsDraft>): void;
}) {
  const { listing: l, draft: d, errors, currentPrice, onChange } = props;
  const accent = (props.buys ?? offerBuys(l)) ? 'text-rise' : 'text-fall';
  const total = totalOf(d);
  const openHint = `남은 수량 ${formatNumber(l.openStockCount)}주`;
  const bandHint = !errors.price && showsBandHint(d, currentPrice) ? tradeMessages.priceBandHint : undefined;
  return (
    <>
      <AmountField
        label="수량"
        suffix={tradeMessages.sharesSuffix}
        value={d.count}
        onChange={(count) => onChange({ count })}
        readOnly={countFixed(l)}
        hint={countFixed(l) ? `${openHint} · ${m.countFixed}` : openHint}
        warning={errors.count}
        invalid={Boolean(errors.count)}
        accent={accent}
      />
      <AmountField
        label="주당 가격"
        suffix={tradeMessages.wonSuffix}
        value={d.price}
        onChange={(price) => onChange({ price })}
        readOnly={priceFixed(l)}
        hint={priceFixed(l) ? m.priceFixed : `매물 가격 ${formatNumber(l.stockPerPrice)}원`}
        warning={errors.price ?? bandHint}
        invalid={Boolean(errors.price)}
        accent={accent}
      />
      <div className="flex items-baseline justify-between border-t border-line pt-4" aria-live="polite">
        <span className="text-sm font-semibold text-ink-2">{tradeUiMessages.totalLabel}</span>
        <span className="text-right">
          <span className={`num block text-xl font-bold ${total > 0n ? accent : 'text-ink-3'}`} data-testid="offer-total">
            {total.toLocaleString('ko-KR')}
            <span className="ml-0.5 text-base">{tradeMessages.wonSuffix}</span>
          </span>
          {total >= 10_000n && <span className="num text-xs text-ink-3">{formatKoreanAmount(Number(total))}</span>}
        </span>
      </div>
      <CountedTextarea
        label={props.messageLabel}
        value={d.message}
        onValue={(message) => onChange({ message })}
        max={DEAL_MESSAGE_MAX}
        error={errors.message}
        placeholder={props.messagePlaceholder}
      />
    </>
  );
}
