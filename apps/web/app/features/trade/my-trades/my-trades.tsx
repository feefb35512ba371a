import { formatNumber, myTradeMessages as m, type Trade, TradeType, tradeMessages } from '@beesang/contract';
import { useState } from 'react';
import { Link, useLocation, useNavigation, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { endsSession } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useOwnTradeDialogs } from '../dialogs/use-own-trade-dialogs';
import { useTradeModal } from '../modal/trade-modal-provider';
import { fetchStockProfile } from '../shared/trade-api';
import { companyOfProfile } from '../shared/trade-draft';
import { useAnswered } from '../shared/use-answered';
import { MyTradeFilters } from './my-trade-filters';
import { MyTradeRow } from './my-trade-row';
import { myTradesPath, myTradesQuery } from './my-trades-api';
import { type MyTradesLoad, useMyTrades } from './use-my-trades';

/**
 * 마이페이지 › 내 매물: the member's listings of every status, newest first, filtered and paged
 * through the address (?status=open&page=2) so that each view is a link and renders on the server.
 * Open listings are edited (the app's trade modal), finished or deleted in place.
 */
export function MyTrades({ loaded }: { loaded: MyTradesLoad | null }) {
  const [search] = useSearchParams();
  const query = myTradesQuery(search);
  const { state, retry } = useMyTrades(myTradesPath(query), loaded);
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const switching = navigation.state === 'loading' && navigation.location.pathname === pathname;
  const { notify } = useNotify();
  const tradeModal = useTradeModal();
  const [opening, setOpening] = useState(false);
  // null: deleted here.
  const [answered, answer] = useAnswered<Trade | null>(state.status === 'ready' ? state.page : null);

  // The modal needs the company's current price and labels, which a listing does not carry.
  const onEdit = async (trade: Trade) => {
    setOpening(true);
    try {
      tradeModal.edit(trade, companyOfProfile(await fetchStockProfile(trade.companyIdx)));
    } catch (error) {
      if (!endsSession(error))
        notify('error', trade.tradeType === TradeType.BUY ? tradeMessages.editBuyTitle : tradeMessages.editSellTitle, m.editLoadFailed);
    } finally {
      setOpening(false);
    }
  };
  const own = useOwnTradeDialogs((trade, next) => answer(trade.tradeIdx, next));

  const rows =
    state.status === 'ready'
      ? state.page.data.flatMap((trade) => {
          const shown = answered.has(trade.tradeIdx) ? answered.get(trade.tradeIdx) : trade;
          return shown ? [shown] : [];
        })
      : [];
  return (
    <section aria-labelledby="my-trades-title">
      <h2 id="my-trades-title" className="sr-only">
        {m.title}
      </h2>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <MyTradeFilters current={query.filter} />
        {state.status === 'ready' && (
          <p className="text-sm text-ink-3">
            <span className="sr-only">{m.title} </span>
            <span className="num font-semibold text-ink-2">{formatNumber(state.page.total)}</span>
            {m.countUnit}
          </p>
        )}
      </div>
      <div className="mt-3 rounded-card bg-white px-4 ring-1 ring-line sm:px-3">
        {state.status === 'loading' && <RowsSkeleton />}
        {state.status === 'error' && (
          <div className="py-14 text-center" role="alert">
            <p className="text-ink-2">{m.loadFailed}</p>
            <Button variant="ghost" className="mt-4 h-10 text-sm" onClick={retry}>
              {m.retry}
            </Button>
          </div>
        )}
        {state.status === 'ready' && rows.length === 0 && (
          <Empty filter={query.filter} page={query.page} total={state.page.total} onRegister={() => tradeModal.register()} />
        )}
        {state.status === 'ready' && rows.length > 0 && (
          <ul aria-busy={switching || undefined} className={`divide-y divide-line ${switching ? 'opacity-60' : ''}`}>
            {rows.map((trade) => (
              <MyTradeRow
                key={trade.tradeIdx}
                trade={trade}
                busy={opening}
                actions={{ onEdit: (tr) => void onEdit(tr), onFinish: own.finish, onDelete: own.remove }}
              />
            ))}
          </ul>
        )}
      </div>
      {state.status === 'ready' && <Pagination page={query.page} total={state.page.total} size={state.page.size} search={search} />}
      {own.dialogs}
    </section>
  );
}

const EMPTY_TEXT = { all: m.emptyAll, open: m.emptyOpen, finished: m.emptyFinished, expired: m.emptyExpired } as const;

function Empty(props: { filter: keyof typeof EMPTY_TEXT; page: number; total: number; onRegister(): void }) {
  // A page past the end (the list shrank meanwhile, or an old link): back to the first one.
  if (props.total > 0 || props.page > 1) {
    return (
      <div className="py-14 text-center">
        <p className="text-ink-2">{m.emptyPage}</p>
        <Link
          to={{ search: props.filter === 'all' ? '' : `?status=${props.filter}` }}
          className="mt-4 inline-flex h-10 items-center rounded-control px-4 text-sm font-semibold ring-1 ring-line hover:bg-page"
        >
          {m.firstPage}
        </Link>
      </div>
    );
  }
  return (
    <div className="py-14 text-center">
      <p className="font-semibold">{EMPTY_TEXT[props.filter]}</p>
      {props.filter === 'all' && (
        <>
          <p className="mt-1 text-sm text-ink-3">{m.emptyAllHint}</p>
          <div className="mt-5 flex justify-center gap-2">
            <Button className="h-10 text-sm" onClick={props.onRegister}>
              {m.register}
            </Button>
            <Link
              to="/stock"
              className="inline-flex h-10 items-center rounded-control px-4 text-sm font-semibold ring-1 ring-line hover:bg-page"
            >
              {m.browse}
            </Link>
          </div>
        </>
      )}
    </div>
  );
}

function RowsSkeleton() {
  return (
    <ul aria-busy="true" aria-label={m.loading} className="divide-y divide-line">
      {[0, 1, 2, 3].map((i) => (
        <li key={i} className="flex animate-pulse gap-3 py-4 sm:px-2">
          <span className="size-10 shrink-0 rounded-[10px] bg-page" />
          <span className="flex-1 space-y-2">
            <span className="flex justify-between">
              <span className="block h-4 w-36 rounded bg-page" />
              <span className="block h-4 w-12 rounded bg-page" />
            </span>
            <span className="block h-4 w-48 rounded bg-page" />
            <span className="block h-3 w-28 rounded bg-page" />
          </span>
        </li>
      ))}
    </ul>
  );
}
