import { formatKoreanAmount, formatNumber, MARKET_LABEL_TEXT, priceProvenanceText, type StockProfile } from '@beesang/contract';
import { BellIcon } from '../../components/layout/bell-icon';
import { PriceChange } from '../../components/ui/price-change';
import { StockLogo } from '../../components/ui/stock-logo';

/** Stock detail side panel (spec §2): logo, name, labels, price, change, market cap, star, price alerts (issue 23), register. */
export function SidePanel(props: {
  profile: StockProfile;
  onToggleFavorite(): void;
  /** While a favourite change is on its way (announced as busy; the page ignores further clicks). */
  favoriteBusy?: boolean;
  registerLabel: string;
  onRegister(): void;
  /** Pointer over or focus on the register button: what it opens can be fetched before the click. */
  onRegisterIntent?(): void;
  /** 가격 알림 (issue 23): the member's alerts on this company; a visitor gets the login dialog. */
  onOpenPriceAlerts?(): void;
  onPriceAlertsIntent?(): void;
  /** How many alerts the member set on this company, when known. */
  priceAlertCount?: number | null;
}) {
  const { profile: p } = props;
  return (
    <section aria-label="종목 요약" className="rounded-card bg-white p-5 ring-1 ring-line lg:sticky lg:top-20">
      <div className="flex items-start gap-3">
        <StockLogo src={p.companyLogoUrl} name={p.companyName} size={48} />
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-xl font-bold">{p.companyName}</h1>
          <p className="num mt-0.5 text-sm text-ink-3">{p.beesangCode}</p>
          <ul className="mt-2 flex flex-wrap gap-1" aria-label="시장 구분">
            {p.stockLabelType.map((l) => (
              <li key={l} className="rounded-md bg-page px-2 py-0.5 text-xs font-semibold text-ink-2 ring-1 ring-line">
                {MARKET_LABEL_TEXT[l]}
              </li>
            ))}
          </ul>
        </div>
        <button
          type="button"
          onClick={props.onToggleFavorite}
          aria-busy={props.favoriteBusy || undefined}
          aria-pressed={p.stockFavorite}
          aria-label={p.stockFavorite ? '관심 종목에서 삭제' : '관심 종목에 추가'}
          className={`-m-1 rounded-control p-1 hover:bg-page ${p.stockFavorite ? 'text-warning' : 'text-ink-3'}`}
        >
          <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true">
            <path
              fill={p.stockFavorite ? 'currentColor' : 'none'}
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinejoin="round"
              d="M12 2.5l2.9 6.1 6.6.8-4.9 4.5 1.3 6.6L12 17.3l-5.9 3.2 1.3-6.6L2.5 9.4l6.6-.8z"
            />
          </svg>
        </button>
      </div>
      <p className="num mt-5 text-3xl font-bold" data-testid="current-price">
        {formatNumber(p.companyStockCurrentPrice)}
        <span className="ml-0.5 text-xl">원</span>
      </p>
      <p className="mt-1 text-[15px]">
        <span className="text-ink-3">전일 대비 </span>
        <PriceChange gap={p.stockPriceGap} rate={p.stockPriceRateGap} className="font-semibold" />
      </p>
      <p className="num mt-1 text-[13px] text-ink-3" data-testid="price-provenance">
        {priceProvenanceText(p)}
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-x-2 gap-y-2 rounded-control bg-page p-3 text-sm">
        <dt className="text-ink-3">시가총액</dt>
        <dd className="num text-right font-semibold">{formatKoreanAmount(p.marketCapitalization)}</dd>
        <dt className="text-ink-3">최우선 매도호가</dt>
        <dd className="num text-right font-semibold text-fall" data-testid="best-sell">
          {p.bestSellPrice === null ? <span className="font-normal text-ink-3">없음</span> : `${formatNumber(p.bestSellPrice)}원`}
        </dd>
        <dt className="text-ink-3">최우선 매수호가</dt>
        <dd className="num text-right font-semibold text-rise" data-testid="best-buy">
          {p.bestBuyPrice === null ? <span className="font-normal text-ink-3">없음</span> : `${formatNumber(p.bestBuyPrice)}원`}
        </dd>
      </dl>
      {props.onOpenPriceAlerts && (
        <button
          type="button"
          onClick={props.onOpenPriceAlerts}
          onPointerEnter={props.onPriceAlertsIntent}
          onFocus={props.onPriceAlertsIntent}
          aria-haspopup="dialog"
          className="mt-3 flex h-11 w-full items-center justify-center gap-1.5 rounded-control text-sm font-semibold text-ink-2 ring-1 ring-line hover:bg-page hover:text-ink"
        >
          <BellIcon className="size-[18px]" />
          가격 알림
          {props.priceAlertCount ? <span className="num text-brand"> {props.priceAlertCount}개</span> : null}
        </button>
      )}
      <div className="max-lg:fixed max-lg:inset-x-0 max-lg:bottom-0 max-lg:z-30 max-lg:border-t max-lg:border-line max-lg:bg-white max-lg:p-3">
        <button
          type="button"
          onClick={props.onRegister}
          onPointerEnter={props.onRegisterIntent}
          onFocus={props.onRegisterIntent}
          className="h-12 w-full rounded-control bg-brand font-semibold text-white hover:bg-brand-hover lg:mt-5"
        >
          {props.registerLabel}
        </button>
      </div>
    </section>
  );
}
