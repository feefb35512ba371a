import { type CompanySearchResult, formatKoreanAmount, TradeType, tradeUiMessages as t, tradeMessages } from '@beesang/contract';
import { useEffect, useId, useRef } from 'react';
import { AmountField } from '../../../components/ui/amount-field';
import { Modal } from '../../../components/ui/modal';
import { fetchStockProfile } from '../shared/trade-api';
import { canSubmit, isEdit, offersProof, type TradeDraft, totalOf } from '../shared/trade-draft';
import { CompanyPicker } from './company-picker';
import { showsBandHint } from './draft-limits';
import { ProofUpload } from './proof-upload';
import { modalTitle, useTradeSubmit } from './use-trade-submit';

type Patch = Partial<TradeDraft> | ((d: TradeDraft) => Partial<TradeDraft>);

const SIDES: TradeType[] = [TradeType.SELL, TradeType.BUY];
const ARROW_STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/** Spec §2 "Trade modal" (375 wide; a full-screen sheet on phones): register, or edit a listing. */
export function TradeModal(props: {
  open: boolean;
  draft: TradeDraft;
  onChange(patch: Patch): void;
  onClose(): void;
  onDone(created: boolean): void;
}) {
  const { open, draft: d, onChange, onClose, onDone } = props;
  const { submit, pending } = useTradeSubmit(onDone);
  const editing = isEdit(d);
  const buy = d.tradeType === TradeType.BUY;
  const accent = buy ? 'text-rise' : 'text-fall';
  const profileRequest = useRef<AbortController | null>(null);
  const noticeId = useId();
  const sideButtons = useRef<Array<HTMLButtonElement | null>>([]);
  useEffect(() => () => profileRequest.current?.abort(), []);

  // A company picked from the search: its price now, its unissued label a moment later.
  const pick = (found: CompanySearchResult) => {
    onChange((cur) => ({
      company: {
        companyIdx: found.companyIdx,
        companyName: found.companyName,
        companyLogoUrl: found.companyLogoUrl,
        currentPrice: found.companyStockCurrentPrice,
        unissued: false,
      },
      // A price the member typed stays; the previous company's pre-filled current price does not.
      price:
        cur.price === '' || cur.price === String(cur.company?.currentPrice ?? '')
          ? found.companyStockCurrentPrice > 0
            ? String(found.companyStockCurrentPrice)
            : ''
          : cur.price,
      proofUrl: '',
    }));
    profileRequest.current?.abort();
    const controller = new AbortController();
    profileRequest.current = controller;
    fetchStockProfile(found.companyIdx, controller.signal)
      .then((p) =>
        onChange((cur) =>
          cur.company?.companyIdx === p.companyIdx
            ? { company: { ...cur.company, currentPrice: p.companyStockCurrentPrice, unissued: p.stockLabelType.includes('UNISSUED') } }
            : {},
        ),
      )
      .catch(() => {
        // Without the profile the search's price stands and no proof is offered.
      });
  };

  const total = totalOf(d);
  return (
    <Modal open={open} onClose={onClose} title={modalTitle(d)} width={375}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit(d);
        }}
        className="space-y-5"
      >
        {!editing && (
          // A radio group as the keyboard expects one: a single Tab stop (the chosen side), arrows choose.
          <div
            role="radiogroup"
            aria-label={t.tradeTypeLabel}
            className="grid grid-cols-2 gap-1 rounded-control bg-page p-1"
            onKeyDown={(e) => {
              const step = ARROW_STEP[e.key];
              if (!step) return;
              e.preventDefault();
              const next = (SIDES.indexOf(d.tradeType) + step + SIDES.length) % SIDES.length;
              onChange({ tradeType: SIDES[next] ?? d.tradeType });
              sideButtons.current[next]?.focus();
            }}
          >
            {SIDES.map((type, i) => {
              const on = d.tradeType === type;
              const colour = type === TradeType.BUY ? 'text-rise' : 'text-fall';
              return (
                <button
                  key={type}
                  ref={(el) => {
                    sideButtons.current[i] = el;
                  }}
                  type="button"
                  role="radio"
                  aria-checked={on}
                  tabIndex={on ? 0 : -1}
                  onClick={() => onChange({ tradeType: type })}
                  className={`h-10 rounded-[6px] text-[15px] font-bold transition-colors ${on ? `bg-white shadow-sm ring-1 ring-line ${colour}` : 'text-ink-3 hover:text-ink-2'}`}
                >
                  {type === TradeType.BUY ? t.buy : t.sell}
                </button>
              );
            })}
          </div>
        )}
        <CompanyPicker company={d.company} locked={editing} onChoose={pick} />
        <AmountField
          label={buy ? tradeMessages.countLabelBuy : tradeMessages.countLabelSell}
          suffix={tradeMessages.sharesSuffix}
          hint={tradeMessages.countHint}
          value={d.count}
          onChange={(count) => onChange({ count })}
          accent={accent}
        />
        <AmountField
          label={tradeMessages.priceLabel}
          suffix={tradeMessages.wonSuffix}
          value={d.price}
          onChange={(price) => onChange({ price })}
          warning={showsBandHint(d) ? tradeMessages.priceBandHint : undefined}
          accent={accent}
        />
        <fieldset>
          <legend className="mb-1.5 text-sm font-semibold text-ink-2">{t.negotiationLabel}</legend>
          <div className="grid grid-cols-2 gap-2">
            <Toggle label={t.priceNegotiable} on={d.priceNegotiable} onChange={(v) => onChange({ priceNegotiable: v })} accent={accent} />
            <Toggle label={t.countNegotiable} on={d.countNegotiable} onChange={(v) => onChange({ countNegotiable: v })} accent={accent} />
          </div>
        </fieldset>
        {offersProof(d) && (
          <ProofUpload url={d.proofUrl} kind={d.proofType} onChange={(proofUrl, proofType) => onChange({ proofUrl, proofType })} />
        )}
        <div className="flex items-baseline justify-between border-t border-line pt-4" aria-live="polite">
          <span className="text-sm font-semibold text-ink-2">{t.totalLabel}</span>
          <span className="text-right">
            <span className={`num block text-xl font-bold ${total > 0n ? accent : 'text-ink-3'}`} data-testid="trade-total">
              {total.toLocaleString('ko-KR')}
              <span className="ml-0.5 text-base">{tradeMessages.wonSuffix}</span>
            </span>
            {total >= 10_000n && <span className="num text-xs text-ink-3">{formatKoreanAmount(Number(total))}</span>}
          </span>
        </div>
        <section aria-labelledby={noticeId} className="rounded-control bg-page px-3.5 py-3">
          <h3 id={noticeId} className="text-[13px] font-semibold text-ink-2">
            {t.noticeTitle}
          </h3>
          <ul className="mt-1.5 list-disc space-y-1 pl-4 text-xs leading-relaxed text-ink-3">
            {t.notices.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </section>
        <div className="sticky -bottom-6 -mx-6 -mb-6 bg-white px-6 pt-2 pb-6">
          <button
            type="submit"
            disabled={!canSubmit(d) || pending}
            className={`h-12 w-full rounded-control text-[16px] font-bold text-white transition-colors disabled:cursor-not-allowed disabled:bg-disabled disabled:text-disabled-ink ${buy ? 'bg-rise hover:brightness-95' : 'bg-fall hover:bg-brand-hover'}`}
          >
            {pending ? t.submitting : editing ? t.submitEdit : t.submitRegister}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** A negotiation switch: a checkbox drawn as a pill that fills with the side's colour when on. */
function Toggle(props: { label: string; on: boolean; onChange(on: boolean): void; accent: string }) {
  const { label, on, onChange, accent } = props;
  return (
    <label
      className={`flex h-11 cursor-pointer items-center justify-center gap-1.5 rounded-control text-sm font-semibold ring-1 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-brand ${on ? `bg-white ring-current ${accent}` : 'text-ink-2 ring-line hover:bg-page'}`}
    >
      <input type="checkbox" checked={on} onChange={(e) => onChange(e.target.checked)} className="sr-only" />
      <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
        <circle cx="8" cy="8" r="7" fill={on ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.4" opacity={on ? 1 : 0.5} />
        <path
          d="M4.8 8.2l2.1 2.1 4.3-4.4"
          fill="none"
          stroke={on ? '#fff' : 'currentColor'}
          strokeWidth="1.6"
          strokeLinecap="round"
          strokeLinejoin="round"
          opacity={on ? 1 : 0.5}
        />
      </svg>
      {label}
    </label>
  );
}
