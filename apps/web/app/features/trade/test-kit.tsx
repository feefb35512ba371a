import {
  type CompanySearchResult,
  type StockProfile,
  type Trade,
  TradeType,
  tradeCreateBody,
  tradeUpdateBody,
  type UserDetail,
  UserLevel,
} from '@beesang/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { NotifyProvider } from '../../lib/notify';
import { SessionProvider, useSession } from '../../lib/session';
import { TEST_MEMBER } from '../../lib/test-member';
import { companyOfProfile } from './trade-draft';
import { TradeModalProvider, useTradeModal } from './trade-modal-provider';

/**
 * The trade tests' world: the app's real providers and modal, and a fetch that answers like the
 * marketplace API (docs/marketplace-api.md), validating bodies with the contract's own schemas.
 */

export const REGULAR: UserDetail = { ...TEST_MEMBER, userLevel: UserLevel.REGULAR };

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
};

export const OTHER: CompanySearchResult = {
  companyIdx: 31,
  companyName: '비상모빌리티',
  companyLogoUrl: '/media/logos/BS0031.svg',
  beesangCode: 'BS0031',
  companyStockCurrentPrice: 4_200,
  isFavorite: false,
};

export function listing(over: Partial<Trade> = {}): Trade {
  return {
    tradeIdx: 501,
    companyIdx: PROFILE.companyIdx,
    companyName: PROFILE.companyName,
    companyLogoUrl: PROFILE.companyLogoUrl,
    tradeType: TradeType.SELL,
    stockCount: 300,
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
    writer: { userNickname: '비상개미', profileImageUrl: '', expertType: 'NORMAL', expertName: '' },
    isMine: true,
    isReported: false,
    createdAt: '2026-11-20T01:00:00.000Z',
    updatedAt: '2026-11-20T01:00:00.000Z',
    expiresAt: '2026-12-20T01:00:00.000Z',
    finishedAt: null,
    ...over,
  };
}

export interface Call {
  key: string;
  headers: Headers;
  body: unknown;
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export type Extra = Record<string, (call: Call) => Response>;

/**
 * The fake API: `calls` in order; `failNext` makes the next call to a key answer an error; `extra`
 * answers more routes, keyed 'METHOD /path?query'.
 */
export function fakeApi(extra: Extra = {}) {
  const calls: Call[] = [];
  const failures = new Map<string, { status: number; message: string }>();
  let nextIdx = 900;
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://test');
    const method = init?.method ?? 'GET';
    const key = `${method} ${url.pathname}`;
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ key, headers: new Headers(init?.headers), body });
    const more = extra[`${method} ${url.pathname}${url.search}`];
    if (more) return more(calls.at(-1) as Call);
    const failure = failures.get(key);
    if (failure) {
      failures.delete(key);
      return json({ message: failure.message, code: 'FAIL' }, failure.status);
    }
    const search = /^\/api\/v2\/stock\/search\/(.+)$/.exec(url.pathname);
    if (method === 'GET' && search) {
      const keyword = decodeURIComponent(search[1] as string);
      const all: CompanySearchResult[] = [{ ...companyOfSearch(PROFILE) }, OTHER];
      return json({ result: all.filter((c) => c.companyName.includes(keyword)) });
    }
    if (method === 'GET' && url.pathname === `/api/v2/stock/profile/${OTHER.companyIdx}`)
      return json({
        result: { ...PROFILE, ...OTHER, companyStockCurrentPrice: OTHER.companyStockCurrentPrice, stockLabelType: ['UNISSUED'] },
      });
    if (method === 'GET' && url.pathname === `/api/v2/stock/profile/${PROFILE.companyIdx}`) return json({ result: PROFILE });
    if (method === 'POST' && (url.pathname === '/api/trade/sell' || url.pathname === '/api/trade/buy')) {
      const parsed = tradeCreateBody.safeParse(body);
      if (!parsed.success) return json({ message: parsed.error.issues[0]?.message ?? 'invalid', code: 'VALIDATION' }, 400);
      const d = parsed.data;
      return json({ result: listing({ ...d, tradeIdx: nextIdx++, totalPrice: d.stockCount * d.stockPerPrice }) });
    }
    const patch = /^\/api\/trade\/(\d+)$/.exec(url.pathname);
    if (method === 'PATCH' && patch) {
      const parsed = tradeUpdateBody.safeParse(body);
      if (!parsed.success) return json({ message: parsed.error.issues[0]?.message ?? 'invalid', code: 'VALIDATION' }, 400);
      return json({ result: listing({ ...parsed.data, tradeIdx: Number(patch[1]) }) });
    }
    throw new Error(`unexpected call ${key}`);
  });
  vi.stubGlobal('fetch', mock);
  return {
    calls,
    keys: () => calls.map((c) => c.key),
    last: (key: string) => calls.filter((c) => c.key === key).at(-1),
    failNext: (key: string, status: number, message: string) => failures.set(key, { status, message }),
  };
}

function companyOfSearch(p: StockProfile): CompanySearchResult {
  return {
    companyIdx: p.companyIdx,
    companyName: p.companyName,
    companyLogoUrl: p.companyLogoUrl,
    beesangCode: p.beesangCode,
    companyStockCurrentPrice: p.companyStockCurrentPrice,
    isFavorite: false,
  };
}

/** Stand-ins for the header button, the stock page's button and an own row's 수정. */
function Probe() {
  const trade = useTradeModal();
  const session = useSession();
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
      <p data-testid="gates">
        login {session.loginDialogOpen ? 'open' : 'closed'}, identity {session.identityDialogOpen ? 'open' : 'closed'}
      </p>
    </>
  );
}

export function renderTrade(user: UserDetail | null = REGULAR) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <NotifyProvider>
            <SessionProvider initialUser={user}>
              <TradeModalProvider>
                <Probe />
              </TradeModalProvider>
            </SessionProvider>
          </NotifyProvider>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
}

export async function settle(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

export function click(element: HTMLElement) {
  act(() => {
    fireEvent.click(element);
  });
}

export function type(element: HTMLElement, value: string) {
  act(() => {
    fireEvent.change(element, { target: { value } });
  });
}

export const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
export const input = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
export const dialog = () => screen.queryByRole('dialog');
