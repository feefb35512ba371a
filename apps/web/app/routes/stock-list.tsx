import { formatNumber, stockListQuery } from '@beesang/contract';
import { useSearchParams } from 'react-router';
import { Pagination } from '../components/ui/pagination';
import { StockFilters } from '../features/stocks/stock-filters';
import { StockRows } from '../features/stocks/stock-rows';
import { rootOrigin } from '../lib/content-kinds';
import { pageMeta } from '../lib/seo';
import { pageRead } from '../lib/server-context';
import type { Route } from './+types/stock-list';

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // Unknown filter values in a shared link fall back to defaults instead of failing the page.
  const parsed = stockListQuery.safeParse(Object.fromEntries(url.searchParams));
  const query = parsed.success ? parsed.data : stockListQuery.parse({});
  return pageRead(context, (reads) => reads.stockList({ ...query, size: 20 }));
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: '전체 종목',
    description: '비상장 주식 전체 종목의 시세, 등락률, 시가총액을 한눈에 비교하세요.',
    path: '/stock',
    origin: rootOrigin(matches),
  });

export default function StockList({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">전체 종목</h1>
          <p className="num mt-1 text-sm text-ink-3">총 {formatNumber(loaderData.total)}개 종목</p>
        </div>
        <StockFilters />
      </div>
      <div className="rounded-card bg-white px-4 py-1 ring-1 ring-line" data-testid="stock-list">
        <div className="flex border-b border-line py-2 text-xs text-ink-3 sm:px-2" aria-hidden="true">
          <span className="flex-1">종목</span>
          <span className="hidden w-32 text-right md:block">시가총액</span>
          <span className="w-28 text-right">현재가 · 등락률</span>
        </div>
        <StockRows items={loaderData.data} showMarketCap />
      </div>
      <Pagination page={loaderData.page} total={loaderData.total} size={loaderData.size} search={search} />
    </div>
  );
}
