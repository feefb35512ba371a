import type { ContentKind, ContentSummary, StockSummary, UserDetail } from '@beesang/contract';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createRoutesStub, Outlet } from 'react-router';
import { NotifyProvider } from '../lib/notify';
import { createLoadContext } from '../lib/server-context';
import { SessionProvider } from '../lib/session';
import type { Paged, SsrReads } from '../lib/ssr-reads';

/**
 * Route modules under test with their real loaders, components and ErrorBoundary: only the API
 * behind the loaders is the test's (the in-process reads the server hands them, as
 * lib/server-context.test.ts fakes them), and the browser's fetch where the page fetches itself.
 */

/** How a read fails when the service behind it breaks (not a refusal: thrown as it is). */
export const fault = () => new Error('database down');

export const page = <T,>(data: T[], over: Partial<Paged<T>> = {}): Paged<T> => ({ data, total: data.length, page: 1, size: 20, ...over });

export function stock(companyIdx: number, companyName: string): StockSummary {
  return {
    companyIdx,
    companyName,
    companyLogoUrl: '',
    beesangCode: String(900000 + companyIdx),
    companyStockCurrentPrice: 12_300,
    stockPriceGap: '300',
    stockPriceRateGap: '2.50',
    marketCapitalization: 120_000_000_000,
    stockLabelType: ['UNISSUED'],
    sector: 'AI',
    viewCount: 0,
    tradeCount: 0,
    updatedAt: '2026-11-20T05:00:00.000Z',
    priceSource: 'DEMO',
    priceAt: '2026-11-20T05:00:00.000Z',
    priceTradeCount: 0,
  };
}

export function post(id: number, kind: ContentKind, title: string): ContentSummary {
  return {
    id,
    kind,
    title,
    summary: `${title} 요약`,
    thumbnailUrl: '',
    source: '',
    pinned: false,
    eventStartsAt: null,
    eventEndsAt: null,
    publishedAt: '2026-11-20T05:00:00.000Z',
  };
}

export interface RouteModule {
  default: ComponentType<never>;
  loader?: (args: never) => unknown;
  ErrorBoundary?: ComponentType<never>;
}

export interface RouteOptions {
  /** The route's pattern; `at` is where the test starts (default: the pattern). */
  path: string;
  at?: string;
  /** What the API answers the loader's reads with. */
  reads?: Partial<SsrReads>;
  /** The signed-in member (default: a visitor). */
  user?: UserDetail | null;
  /**
   * Stands in for a loader whose read needs the member's cookie, which a test's Request cannot
   * carry (the console's): the route's component and ErrorBoundary stay the real ones.
   */
  loader?: () => unknown;
  /** A layout route around the page (e.g. the console's), its component the real one. */
  layout?: { path: string; Component: ComponentType<never> };
  /** The layout's own ErrorBoundary, for a failure under it. */
  layoutErrorBoundary?: ComponentType<never>;
}

/**
 * Renders `module` at `path` inside the app's notify and session providers, its loader reading
 * `reads`. Returns the loaders' warnings with the view.
 */
export function renderRoute(module: RouteModule, opts: RouteOptions) {
  const warned: string[] = [];
  const context = createLoadContext({
    reads: (opts.reads ?? {}) as SsrReads,
    log: { error: (_e, m) => warned.push(m), warn: (_e, m) => warned.push(m) },
    demoData: () => false,
    publicUrl: 'http://localhost',
    nonce: '',
  });
  const pagePath = opts.layout ? opts.path.slice(opts.layout.path.length + 1) : opts.path.slice(1);
  const page = {
    path: pagePath,
    Component: module.default as ComponentType<unknown>,
    loader: (opts.loader ?? module.loader) as never,
    ErrorBoundary: module.ErrorBoundary as ComponentType<unknown> | undefined,
  };
  const Stub = createRoutesStub(
    [
      {
        path: '/',
        // The page is rendered once its loader answered, as the server's HTML would be.
        HydrateFallback: () => null,
        Component: () => (
          <NotifyProvider>
            <SessionProvider initialUser={opts.user ?? null}>
              <Outlet />
            </SessionProvider>
          </NotifyProvider>
        ),
        children: [
          opts.layout
            ? {
                path: opts.layout.path.slice(1),
                Component: opts.layout.Component as ComponentType<unknown>,
                ErrorBoundary: opts.layoutErrorBoundary as ComponentType<unknown> | undefined,
                children: [page],
              }
            : page,
          { path: '*', Component: () => <p>elsewhere</p> },
        ],
      },
    ],
    context,
  );
  const view = render(<Stub initialEntries={[opts.at ?? opts.path]} />);
  return { ...view, warned };
}
