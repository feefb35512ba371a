import { type Trade, TradeType, tradeUiMessages as t, tradeMessages } from '@beesang/contract';
import { useState } from 'react';
import { useNotify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { ProofDialog, proofActionText } from '../dialogs/proof-dialog';
import { useOwnTradeDialogs } from '../dialogs/use-own-trade-dialogs';
import { tradeStopped } from '../shared/sanction';
import { attachProof, type Paged } from '../shared/trade-api';
import { useAnswered } from '../shared/use-answered';
import { type RowActions, TradeRow } from './trade-row';
import { useTradePages } from './use-trade-pages';

export interface TradeBookData {
  sell: Paged<Trade> | null;
  buy: Paged<Trade> | null;
}

/**
 * The stock page's listings tab, order-book style: sells by price ascending, then buys by price
 * descending (the API orders each side, pinned first). Own rows finish, delete or (on an
 * unissued company) attach their proof here; edit, report and 거래 제안 belong to the page, which
 * hosts those dialogs.
 */
export function TradeBook(props: {
  companyIdx: number;
  /** An UNISSUED company: own sales may (re)attach their proof here. */
  unissued: boolean;
  data: TradeBookData;
  onEdit(trade: Trade): void;
  onReport(trade: Trade): void;
  onRegister(): void;
  /** 거래 제안 on someone else's open listing (issue 22): the page gates it and hosts the offer. */
  onOffer?(trade: Trade): void;
  onOfferIntent?(): void;
}) {
  const { companyIdx, unissued, data, onEdit, onReport, onRegister, onOffer, onOfferIntent } = props;
  const { notify } = useNotify();
  const { user } = useSession();
  const [proving, setProving] = useState<Trade | null>(null);
  const own = useOwnTradeDialogs();
  const { pending, run } = own;
  const [answered, answer] = useAnswered<Trade>(data);

  // A member under STOP_TRADE is told at once, not after choosing an image the server would refuse.
  const onProof = (trade: Trade) =>
    tradeStopped(user) ? notify('warning', proofActionText(trade), tradeMessages.sanctionStopTrade) : setProving(trade);
  const actions: RowActions = {
    onEdit,
    onReport,
    onFinish: own.finish,
    onDelete: own.remove,
    onProof: unissued ? onProof : undefined,
    onOffer,
    onOfferIntent,
  };
  const empty = (data.sell?.total ?? 0) === 0 && (data.buy?.total ?? 0) === 0 && data.sell !== null && data.buy !== null;
  return (
    <div>
      {empty ? (
        <div className="flex flex-col items-center gap-3 py-10 text-center">
          <p className="text-ink-2">
            {t.bothEmpty} <br className="sm:hidden" />
            {t.emptyCta}
          </p>
          <button
            type="button"
            onClick={onRegister}
            className="h-10 rounded-control bg-brand px-4 text-sm font-semibold text-white hover:bg-brand-hover"
          >
            {tradeMessages.registerTitle}
          </button>
        </div>
      ) : (
        <div className="grid gap-y-6 md:grid-cols-[minmax(0,1.3fr)_auto_auto_minmax(0,1.2fr)_auto] md:gap-x-5">
          <TradeSide companyIdx={companyIdx} tradeType={TradeType.SELL} first={data.sell} actions={actions} answered={answered} />
          <TradeSide companyIdx={companyIdx} tradeType={TradeType.BUY} first={data.buy} actions={actions} answered={answered} />
        </div>
      )}
      {own.dialogs}
      <ProofDialog
        trade={proving}
        pending={pending}
        onClose={() => setProving(null)}
        onConfirm={(url, kind) =>
          proving &&
          void run(
            () => attachProof(proving.tradeIdx, { stockTradeProofImageUrl: url, proofType: kind }),
            proofActionText(proving),
            t.proofSubmitDone,
            t.proofSubmitFailed,
            (updated) => {
              answer(updated.tradeIdx, updated);
              setProving(null);
            },
          )
        }
      />
    </div>
  );
}

function TradeSide(props: {
  companyIdx: number;
  tradeType: TradeType;
  first: Paged<Trade> | null;
  actions: RowActions;
  answered: ReadonlyMap<number, Trade>;
}) {
  const { companyIdx, tradeType, first, actions, answered } = props;
  const { rows, total, failed, reloading, hasMore, loading, error, more, retry } = useTradePages(companyIdx, tradeType, first);
  const sell = tradeType === TradeType.SELL;
  const title = sell ? t.sellSide : t.buySide;
  return (
    // A subgrid of the book's columns, so that the sell and buy sides line up with each other.
    <section aria-label={title} className="md:col-span-5 md:grid md:grid-cols-subgrid md:content-start">
      <h3 className="flex items-center gap-2 text-[15px] font-bold md:col-span-5">
        <span className={`size-2 rounded-full ${sell ? 'bg-fall' : 'bg-rise'}`} aria-hidden="true" />
        {title}
        {!failed && <span className="num text-sm font-semibold text-ink-3">{total}</span>}
      </h3>
      {reloading ? (
        <p aria-busy="true" className="animate-pulse py-6 text-center text-sm text-ink-3 md:col-span-5">
          {t.listLoading}
        </p>
      ) : failed ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-6 text-center md:col-span-5">
          <p className="text-sm text-ink-2">{t.listFailed}</p>
          <button
            type="button"
            onClick={() => void retry()}
            aria-label={`${title} ${t.retry}`}
            className="h-10 rounded-control px-4 text-sm font-semibold text-ink-2 ring-1 ring-line hover:bg-page"
          >
            {t.retry}
          </button>
        </div>
      ) : rows.length === 0 ? (
        <p className="py-6 text-center text-sm text-ink-3 md:col-span-5">{sell ? t.sellEmpty : t.buyEmpty}</p>
      ) : (
        <>
          <div
            aria-hidden="true"
            className="mt-2 hidden border-b border-line px-2 pb-2 text-xs text-ink-3 md:col-span-5 md:grid md:grid-cols-subgrid"
          >
            <span>{t.columnPrice}</span>
            <span className="text-right">{t.columnCount}</span>
            <span className="text-right">{t.columnTotal}</span>
            <span>{t.columnWriter}</span>
            <span />
          </div>
          <ol className="divide-y divide-line max-md:mt-2 max-md:border-t max-md:border-line md:col-span-5 md:grid md:grid-cols-subgrid">
            {rows.map((trade) => (
              <TradeRow key={trade.tradeIdx} trade={answered.get(trade.tradeIdx) ?? trade} actions={actions} />
            ))}
          </ol>
          {error && (
            <p role="alert" className="mt-2 text-center text-sm text-danger md:col-span-5">
              {error}
            </p>
          )}
          {hasMore && (
            <button
              type="button"
              onClick={() => void more()}
              disabled={loading}
              className="mt-2 h-10 w-full rounded-control text-sm font-semibold text-ink-2 ring-1 ring-line hover:bg-page disabled:text-ink-3 md:col-span-5"
            >
              {loading ? t.listLoading : `${title} ${error ? t.retry : t.more}`}
            </button>
          )}
        </>
      )}
    </section>
  );
}
