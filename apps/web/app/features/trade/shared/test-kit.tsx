import {
  type CompanySearchResult,
  type StockProfile,
  type Trade,
  TradeType,
  tradeCreateBody,
  tradeUpdateBody,
  type UserDetail,
} from '@beesang/contract';
import { fakeApi, json, ok, type Routes } from '../../../test/fake-api';
import { REGULAR_MEMBER } from '../../../test/members';
import { renderInApp } from '../../../test/render';
import { preloadDeleteDialog } from '../dialogs/delete-dialog';
import { preloadFinishDialog } from '../dialogs/finish-dialog';
import { preloadProofDialog } from '../dialogs/proof-dialog';
import { preloadTradeModal, TradeModalProvider, useTradeModal } from '../modal/trade-modal-provider';
import { companyOfProfile } from './trade-draft';

// The app fetches these dialogs' code when first opened (lib/on-demand.tsx, tested there); the
// trade tests start with it loaded, so that a dialog opens in the same act() as its click.
await Promise.all([preloadTradeModal(), preloadFinishDialog(), preloadDeleteDialog(), preloadProofDialog()]);

/** The trade tests' world: a stock, another company to search for, listings, and the app's trade modal. */

const DEMO_PRICE = { priceSource: 'DEMO', priceAt: '2026-11-20T05:00:00.000Z', priceTradeCount: 0 } as const;

export const PROFILE: StockProfile = {
  companyIdx: 12,
  companyName: '비상에너지',
  companyLogoUrl: '/media/logos/BS0012.svg',
  beesangCode: 'BS0012',
  companyStockCurrentPrice: 10_000,
  stockPriceGap: '500',
  stockPriceRateGap: '5.26',
  marketCapitalization: 120_000_000_000,
  stockFavorite: false,
  stockLabelType: ['KOTC'],
  sector: 'ENERGY',
  priceSource: 'TRADE',
  priceAt: '2026-11-20T05:00:00.000Z',
  priceTradeCount: 3,
  bestBuyPrice: 9_800,
  bestSellPrice: 10_200,
};

export const OTHER: CompanySearchResult = {
  companyIdx: 31,
  companyName: '비상모빌리티',
  companyLogoUrl: '/media/logos/BS0031.svg',
  beesangCode: 'BS0031',
  companyStockCurrentPrice: 4_200,
  isFavorite: false,
  ...DEMO_PRICE,
};

const { companyIdx, companyName, companyLogoUrl, beesangCode, companyStockCurrentPrice } = PROFILE;
/** What the company search finds: PROFILE's company and OTHER. */
const SEARCHABLE: CompanySearchResult[] = [
  { companyIdx, companyName, companyLogoUrl, beesangCode, companyStockCurrentPrice, isFavorite: false, ...DEMO_PRICE },
  OTHER,
];

export function listing(over: Partial<Trade> = {}): Trade {
  return {
    tradeIdx: 501,
    companyIdx: PROFILE.companyIdx,
    companyName: PROFILE.companyName,
    companyLogoUrl: PROFILE.companyLogoUrl,
    tradeType: TradeType.SELL,
    stockCount: 300,
    openStockCount: over.stockCount ?? 300,
    stockPerPrice: 9_800,
    totalPrice: 2_940_000,
    stockCountNegotiationFlag: false,
    stockPriceNegotiationFlag: true,
    tradeStatus: 11,
    listPin: 0,
    proofType: 'NONE',
    proofCheckStatus: 0,
    stockTradeProofImageUrl: '',
    finishedPrice: null,
    writer: { userIdx: 77, userNickname: '비상개미', profileImageUrl: '', expertType: 'NORMAL', expertName: '' },
    writerTrust: {
      identityVerified: true,
      memberSince: '2026-03-02T01:00:00.000Z',
      countedTrades: 3,
      upheldReports: 0,
      confirmedTrades: 0,
      goodReviews: 0,
      badReviews: 0,
    },
    isMine: true,
    isReported: false,
    createdAt: '2026-11-20T01:00:00.000Z',
    updatedAt: '2026-11-20T01:00:00.000Z',
    expiresAt: '2026-12-20T01:00:00.000Z',
    finishedAt: null,
    ...over,
  };
}

/**
 * The marketplace API (docs/marketplace-api.md) for the trade modal: company search and profiles,
 * and create and edit validated with the contract's own schemas. `extra` answers more routes.
 */
export function tradeApi(extra: Routes = {}) {
  let nextIdx = 900;
  return fakeApi(extra, ({ method, path, body }) => {
    const search = /^\/api\/v2\/stock\/search\/(.+)$/.exec(path);
    if (method === 'GET' && search) {
      const keyword = decodeURIComponent(search[1] as string);
      return ok(SEARCHABLE.filter((c) => c.companyName.includes(keyword)));
    }
    if (method === 'GET' && path === `/api/v2/stock/profile/${OTHER.companyIdx}`)
      return ok({ ...PROFILE, ...OTHER, companyStockCurrentPrice: OTHER.companyStockCurrentPrice, stockLabelType: ['UNISSUED'] });
    if (method === 'GET' && path === `/api/v2/stock/profile/${PROFILE.companyIdx}`) return ok(PROFILE);
    if (method === 'POST' && (path === '/api/trade/sell' || path === '/api/trade/buy')) {
      const parsed = tradeCreateBody.safeParse(body);
      if (!parsed.success) return invalid(parsed.error.issues[0]?.message);
      const d = parsed.data;
      return ok(listing({ ...d, tradeIdx: nextIdx++, totalPrice: d.stockCount * d.stockPerPrice }));
    }
    const patch = /^\/api\/trade\/(\d+)$/.exec(path);
    if (method === 'PATCH' && patch) {
      const parsed = tradeUpdateBody.safeParse(body);
      if (!parsed.success) return invalid(parsed.error.issues[0]?.message);
      return ok(listing({ ...parsed.data, tradeIdx: Number(patch[1]) }));
    }
    return undefined;
  });
}

const invalid = (message = 'invalid') => json({ message, code: 'VALIDATION' }, 400);

/** Stand-ins for the header button, the stock page's button and an own row's 수정. */
function Openers() {
  const trade = useTradeModal();
  const company = companyOfProfile(PROFILE);
  return (
    <>
      <button type="button" onClick={() => trade.register()}>
        header register
      </button>
      <button type="button" onClick={() => trade.register(company)}>
        stock register
      </button>
      <button type="button" onClick={() => trade.edit(listing(), company)}>
        edit listing
      </button>
    </>
  );
}

/** The app's one trade modal, for `user` (a verified member unless told otherwise). */
/** `resumable`: the page came without its member (the shared page), who is read from the API first. */
export function renderTrade(user: UserDetail | null = REGULAR_MEMBER, opts: { resumable?: boolean } = {}) {
  renderInApp(
    <TradeModalProvider>
      <Openers />
    </TradeModalProvider>,
    { user, resumable: opts.resumable },
  );
}
