import { type ChartRange, formatChange, formatPrice, LISTING_LIFETIME_DAYS, type Trade, TradeType } from '@beesang/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { Card } from '../components/ui/card';
import { Tabs } from '../components/ui/tabs';
import { preloadLoginDialog } from '../features/auth/login-dialog-on-demand';
import { preloadOfferDialog } from '../features/deals/offer/offer-dialog';
import { useOffer } from '../features/deals/offer/use-offer';
import { CompanyInfoCard } from '../features/stocks/company-info';
import { Financials } from '../features/stocks/financials';
import { PriceChart } from '../features/stocks/price-chart';
import { SidePanel } from '../features/stocks/side-panel';
import { TradeBook, type TradeBookData } from '../features/trade/book/trade-book';
import { preloadDeleteDialog } from '../features/trade/dialogs/delete-dialog';
import { preloadFinishDialog } from '../features/trade/dialogs/finish-dialog';
import { preloadProofDialog } from '../features/trade/dialogs/proof-dialog';
import { preloadTradeModal, useTradeModal } from '../features/trade/modal/trade-modal-provider';
import { fetchCompanyMemberParts, type Paged, TRADE_PAGE_SIZE } from '../features/trade/shared/trade-api';
import { companyOfProfile } from '../features/trade/shared/trade-draft';
import { rootOrigin } from '../lib/content-kinds';
import { onDemand } from '../lib/on-demand';
import { pageMeta } from '../lib/seo';
import { memberRead, optionalRead, pageRead } from '../lib/server-context';
import { revalidatingForMember, useSession } from '../lib/session';
import { useFavoriteToggle } from '../lib/use-favorite-toggle';
import type { Route } from './+types/stock-detail';

const INITIAL_RANGE: ChartRange = '3M';

// Fetched when first needed, not with the page: the discussion when its tab opens (or the pointer
// reaches the tabs), the report dialog when a listing is first reported.
const discussionTab = onDemand(() => import('../features/discussion/discussion-tab').then((m) => m.DiscussionTab), {
  fallback: <div aria-busy="true" className="min-h-40" />,
});
const reportDialog = onDemand(() => import('../lib/report-dialog').then((m) => m.ReportDialog), { shown: (p) => p.open });
// 가격 알림 (issue 23): its code (and the contract's schema it checks with) when first opened.
const priceAlertsDialog = onDemand(() => import('../features/notifications/alerts/price-alerts-dialog').then((m) => m.PriceAlertsDialog), {
  shown: (p) => p.open,
});

const hasListing = (trades: TradeBookData, mine: boolean) =>
  [...(trades.sell?.data ?? []), ...(trades.buy?.data ?? [])].some((trade) => trade.isMine === mine);

type Context = Route.LoaderArgs['context'];

/** One side's first page; a failure shows in the tab instead of taking the whole page down. */
function tradeSide(context: Context, companyIdx: number, tradeType: TradeType): Promise<Paged<Trade> | null> {
  return optionalRead(context, (reads) => reads.companyTrades(companyIdx, { tradeType, page: 1, size: TRADE_PAGE_SIZE }), 'listings');
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  if (!/^\d{1,9}$/.test(params.companyIdx)) throw new Response('Not Found', { status: 404 });
  const id = Number(params.companyIdx);
  // The profile's star and the listings' "mine" flags are the signed-in reader's (the reads know who asks).
  const [profile, info, financial, chart, sell, buy, alerts] = await Promise.all([
    pageRead(context, (reads) => reads.stockProfile(id)),
    pageRead(context, (reads) => reads.companyInfo(id)),
    pageRead(context, (reads) => reads.companyFinancial(id)),
    pageRead(context, (reads) => reads.chart(id, INITIAL_RANGE)),
    tradeSide(context, id, TradeType.SELL),
    tradeSide(context, id, TradeType.BUY),
    // The member's price alerts (all of them: the limit counts them all), for the panel's count and the dialog.
    memberRead(context, request, (reads) => reads.priceAlerts(), 'price alerts'),
  ]);
  return { profile, info, financials: financial.data, bars: chart.data, trades: { sell, buy }, priceAlerts: alerts?.data ?? null };
}

type StockPageData = Awaited<ReturnType<typeof loader>>;
/** What the page shows now (set as it renders): the member's parts are read over it (below). */
let shown: StockPageData | null = null;

/**
 * The member of a shared page just became known (decision 0030): only their parts are read — the
 * star (profile), their marks on the listings, their price alerts — in one API call (decision 0037),
 * over what the page shows; any other revalidation, or a read that fails, runs the loader.
 */
export async function clientLoader({ serverLoader, params }: Route.ClientLoaderArgs): Promise<StockPageData> {
  const base = shown;
  if (!revalidatingForMember() || !base || String(base.profile.companyIdx) !== params.companyIdx) return serverLoader();
  try {
    const { profile, sell, buy, priceAlerts } = await fetchCompanyMemberParts(base.profile.companyIdx);
    return { ...base, profile, trades: { sell, buy }, priceAlerts };
  } catch {
    return serverLoader();
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  if (!loaderData) return [];
  const p = loaderData.profile;
  return pageMeta({
    title: `${p.companyName} 주가 - 종목 상세`,
    description: `${p.companyName}(${p.beesangCode}) 비상장 주식 현재가 ${formatPrice(p.companyStockCurrentPrice)}, 전일 대비 ${formatChange(p.stockPriceGap, p.stockPriceRateGap)}. 시세 차트, 재무, 기업 정보를 확인하세요.`,
    path: location.pathname,
    origin: rootOrigin(matches),
    image: `/media/og/stock/${p.companyIdx}.png`,
  });
};

type Tab = 'trade' | 'discussion';

export default function StockDetail({ loaderData }: Route.ComponentProps) {
  const { profile, info, financials, bars, trades } = loaderData;
  useEffect(() => {
    shown = loaderData;
  }, [loaderData]);
  const session = useSession();
  const tradeModal = useTradeModal();
  const revalidator = useRevalidator();
  const toggleFavorite = useFavoriteToggle();
  const [tab, setTab] = useState<Tab>('trade');
  const [writeOpen, setWriteOpen] = useState(false);
  const [reporting, setReporting] = useState<number | null>(null);
  const [alertsOpen, setAlertsOpen] = useState(false);
  // This company's alerts: counted from the loader's, then as the dialog changes them.
  const [alertCount, setAlertCount] = useState<number | null>(null);
  // The loader read them for whoever was signed in when it ran (on a shared page, the revalidation
  // once the member is known); another member's dialog reads their own.
  // biome-ignore lint/correctness/useExhaustiveDependencies: who was signed in when this data came
  const loadedFor = useMemo(() => session.user?.userIdx ?? null, [loaderData]);
  const loadedAlerts = session.user && session.user.userIdx === loadedFor ? (loaderData.priceAlerts ?? null) : null;
  const loaderAlertCount = loadedAlerts?.filter((a) => a.companyIdx === profile.companyIdx).length ?? null;
  // The star answers at once; the revalidated profile then confirms it.
  const [favorite, setFavorite] = useState<boolean | null>(null);
  const favoriteBusy = useRef(false);
  const [busy, setBusy] = useState(false);
  const offer = useOffer(profile.companyStockCurrentPrice > 0 ? profile.companyStockCurrentPrice : null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new profile replaces the local answer
  useEffect(() => setFavorite(null), [profile]);
  // Another stock: nothing of the last one's write panel or report stays open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the company is the trigger
  useEffect(() => {
    setWriteOpen(false);
    setReporting(null);
    setAlertsOpen(false);
    setAlertCount(null);
  }, [profile.companyIdx]);
  const company = companyOfProfile(profile);

  const onToggleFavorite = async () => {
    if (favoriteBusy.current) return;
    favoriteBusy.current = true;
    setBusy(true);
    try {
      const next = await toggleFavorite(profile.companyIdx, favorite ?? profile.stockFavorite);
      if (next !== null) {
        setFavorite(next);
        await revalidator.revalidate();
      }
    } finally {
      favoriteBusy.current = false;
      setBusy(false);
    }
  };

  // Spec §4: on the discussion tab the button opens the write panel; elsewhere the trade modal.
  const onRegister = () => {
    if (tab !== 'discussion') return tradeModal.register(company);
    if (!session.isLoggedIn) return session.openLoginDialog();
    setWriteOpen(true);
  };

  const onOpenPriceAlerts = () => (session.isLoggedIn ? setAlertsOpen(true) : session.openLoginDialog());
  const onAlertCount = useCallback((n: number) => setAlertCount(n), []);

  // What a click may open next is fetched on pointerenter/focus, so that it opens without a wait.
  const registerIntent = () => {
    if (!session.isLoggedIn) void preloadLoginDialog();
    else if (tab !== 'discussion') void preloadTradeModal();
  };
  const listingsIntent = () => {
    if (!session.isLoggedIn) return;
    if (hasListing(trades, true)) {
      void preloadTradeModal();
      void preloadFinishDialog();
      void preloadDeleteDialog();
      void preloadProofDialog();
    }
    if (hasListing(trades, false)) void reportDialog.preload();
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_360px] max-lg:pb-20">
      <div className="lg:order-2">
        <SidePanel
          profile={favorite === null ? profile : { ...profile, stockFavorite: favorite }}
          onToggleFavorite={() => void onToggleFavorite()}
          favoriteBusy={busy}
          registerLabel={tab === 'discussion' ? '의견 남기기' : '매물 등록'}
          onRegister={onRegister}
          onRegisterIntent={registerIntent}
          onOpenPriceAlerts={onOpenPriceAlerts}
          onPriceAlertsIntent={session.isLoggedIn ? priceAlertsDialog.preload : preloadLoginDialog}
          priceAlertCount={alertCount ?? loaderAlertCount}
        />
      </div>
      <div className="min-w-0 space-y-6 lg:order-1">
        <PriceChart companyIdx={profile.companyIdx} initialRange={INITIAL_RANGE} initialBars={bars} />
        <Card>
          <Tabs<Tab>
            items={[
              { value: 'trade', label: '매물' },
              { value: 'discussion', label: '토론' },
            ]}
            value={tab}
            onChange={setTab}
            label="매물과 토론"
            listWrapper={{ onPointerEnter: discussionTab.preload, onFocus: discussionTab.preload }}
            panelClassName="mt-4"
          >
            {tab === 'trade' ? (
              <>
                <div onPointerEnter={listingsIntent} onFocus={listingsIntent}>
                  <TradeBook
                    companyIdx={profile.companyIdx}
                    unissued={company.unissued}
                    data={trades}
                    onEdit={(trade) => tradeModal.edit(trade, company)}
                    onReport={(trade) => (session.isLoggedIn ? setReporting(trade.tradeIdx) : session.openLoginDialog())}
                    onRegister={() => tradeModal.register(company)}
                    onOffer={(trade) => offer.offer(trade, trade.writer.userNickname)}
                    onOfferIntent={session.isLoggedIn ? preloadOfferDialog : preloadLoginDialog}
                  />
                </div>
                <p className="mt-4 rounded-control bg-page px-3 py-2 text-xs leading-relaxed text-ink-2">
                  매물은 등록 후 {LISTING_LIFETIME_DAYS}일 동안 직거래가 이루어지지 않으면 자동으로 종료되며, 종료된 매물은 다른 회원에게
                  보이지 않습니다.
                </p>
              </>
            ) : (
              <discussionTab.Component companyIdx={profile.companyIdx} writeOpen={writeOpen} onWriteOpenChange={setWriteOpen} />
            )}
          </Tabs>
        </Card>
        <Financials data={financials} />
        <CompanyInfoCard info={info} />
      </div>
      {offer.dialog}
      {session.user && (
        <priceAlertsDialog.Component
          // Another stock or another member: their own alerts, read again.
          key={`${profile.companyIdx}:${session.user.userIdx}`}
          open={alertsOpen}
          onClose={() => setAlertsOpen(false)}
          company={{ companyIdx: profile.companyIdx, companyName: profile.companyName, currentPrice: profile.companyStockCurrentPrice }}
          // Once the dialog changed them here, the loader's list is behind: a dialog mounted again (the
          // session revalidated, say) reads them anew rather than count the loader's.
          initial={alertCount === null ? loadedAlerts : null}
          onCount={onAlertCount}
        />
      )}
      <reportDialog.Component
        open={reporting !== null}
        target={reporting === null ? null : { kind: 'trade', id: reporting }}
        onClose={() => setReporting(null)}
        onReported={() => void revalidator.revalidate()}
      />
    </div>
  );
}
