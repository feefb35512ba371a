import { formatNumber, PRODUCT_NAME, stockListQuery } from '@beesang/contract';
import { isRouteErrorResponse, Link, useSearchParams } from 'react-router';
import { NotFound } from '../components/layout/not-found';
import { ListEmpty, ListPageFailed, PendingList, useListPending } from '../components/ui/list-state';
import { Pagination } from '../components/ui/pagination';
import { StockFilters } from '../features/stocks/stock-filters';
import { StockRows } from '../features/stocks/stock-rows';
import { rootOrigin } from '../lib/content-kinds';
import { pageMeta } from '../lib/seo';
import { pageRead } from '../lib/server-context';
import { SAME_FOR_MEMBERS } from '../lib/session';
import type { Route } from './+types/stock-list';

// What a member sees here is what a visitor sees: the shared page needs no second read for them (issue 24).
export const handle = SAME_FOR_MEMBERS;

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // Unknown filter values in a shared link fall back to defaults instead of failing the page.
  const parsed = stockListQuery.safeParse(Object.fromEntries(url.searchParams));
  const query = parsed.success ? parsed.data : stockListQuery.parse({});
  return pageRead(context, (reads) => reads.stockList({ ...query, size: 20 }));
}

export const meta: Route.MetaFunction = ({ matches, error }) =>
  error
    ? [{ title: `전체 종목 | ${PRODUCT_NAME}` }, { name: 'robots', content: 'noindex' }]
    : pageMeta({
        title: '전체 종목',
        description: '비상장 주식 전체 종목의 시세, 등락률, 시가총액을 한눈에 비교하세요.',
        path: '/stock',
        origin: rootOrigin(matches),
      });

const LINK = 'inline-flex h-9 items-center rounded-control px-3 text-sm font-semibold text-brand ring-1 ring-line hover:bg-page';

/** Why the list has no rows: the filters, a page past the last one, or no companies at all. */
function NoStocks({ search, page }: { search: URLSearchParams; page: number }) {
  if (page > 1) {
    const first = new URLSearchParams(search);
    first.delete('page');
    return (
      <ListEmpty
        action={
          <Link to={`/stock?${first.toString()}`} className={LINK}>
            첫 페이지로
          </Link>
        }
      >
        이 페이지에는 종목이 없습니다.
      </ListEmpty>
    );
  }
  if (search.get('label') || search.get('sector')) {
    return (
      <ListEmpty
        hint="시장 구분이나 업종을 바꿔 보세요."
        action={
          <Link to="/stock" className={LINK}>
            필터 초기화
          </Link>
        }
      >
        조건에 맞는 종목이 없습니다.
      </ListEmpty>
    );
  }
  return <ListEmpty hint="종목이 등록되면 이곳에 시세와 함께 보입니다.">아직 등록된 종목이 없습니다.</ListEmpty>;
}

export default function StockList({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const pending = useListPending('/stock');
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">전체 종목</h1>
          <p className="num mt-1 text-sm text-ink-3">총 {formatNumber(loaderData.total)}개 종목</p>
        </div>
        <StockFilters />
      </div>
      <PendingList pending={pending} className="rounded-card bg-white px-4 py-1 ring-1 ring-line">
        <div data-testid="stock-list">
          <div className="flex border-b border-line py-2 text-xs text-ink-3 sm:px-2" aria-hidden="true">
            <span className="flex-1">종목</span>
            <span className="hidden w-32 text-right md:block">시가총액</span>
            <span className="w-28 text-right">현재가 · 등락률</span>
          </div>
          <StockRows items={loaderData.data} showMarketCap empty={<NoStocks search={search} page={loaderData.page} />} />
        </div>
      </PendingList>
      <Pagination page={loaderData.page} total={loaderData.total} size={loaderData.size} search={search} />
    </div>
  );
}

/** The list could not be read (the first HTML or a filter's next page): the page says so and reads again. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <ListPageFailed title="전체 종목" message="종목 목록을 불러오지 못했습니다." />;
}
