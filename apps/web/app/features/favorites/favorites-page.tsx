import { formatNumber, type StockSummary, communityMessages as t } from '@beesang/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { FavoriteList } from './favorite-list';
import { useFavorites } from './use-favorites';

/** /favorite for a member: the list in their order, reorderable, each removable; an empty state otherwise. */
export function FavoritesPage(props: {
  initial: StockSummary[] | null;
  memberIdx: number;
  /** What the route adds to each row (the new-listing alert, issue 23). */
  rowExtra?(item: StockSummary): ReactNode;
}) {
  const { state, reorder, remove, retry } = useFavorites(props.initial, props.memberIdx);
  const items = state.status === 'ready' ? state.items : [];
  return (
    <div className="mx-auto max-w-[800px]">
      <div className="mb-4">
        <h1 className="text-2xl font-bold">{t.favoritePageTitle}</h1>
        {state.status === 'ready' && items.length > 0 && (
          <p className="mt-1 text-sm text-ink-3">
            <span className="num">{formatNumber(items.length)}개</span> ·{' '}
            <span className="max-sm:hidden">손잡이를 끌거나 키보드로 순서를 바꿀 수 있어요.</span>
            <span className="sm:hidden">손잡이를 길게 누른 채 끌면 순서가 바뀌어요.</span>
          </p>
        )}
      </div>
      <div className="rounded-card bg-white px-2 py-1 ring-1 ring-line sm:px-4">
        {state.status === 'loading' && <ListSkeleton />}
        {state.status === 'error' && (
          <div className="py-14 text-center" role="alert">
            <p className="font-semibold">{t.favoriteLoadFailed}</p>
            <p className="mt-1 text-sm text-ink-3">연결 상태를 확인한 뒤 다시 시도해주세요.</p>
            <Button variant="ghost" size="control" className="mt-5 text-sm" onClick={retry}>
              {t.retry}
            </Button>
          </div>
        )}
        {state.status === 'ready' && items.length === 0 && (
          <div className="px-2 py-14 text-center">
            <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-page text-warning" aria-hidden="true">
              <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
                <path fill="currentColor" d="M12 2.5l2.9 6.1 6.6.8-4.9 4.5 1.3 6.6L12 17.3l-5.9 3.2 1.3-6.6L2.5 9.4l6.6-.8z" />
              </svg>
            </span>
            <p className="font-semibold">{t.favoriteEmpty}</p>
            <p className="mt-1 text-sm text-ink-3">{t.favoriteEmptyHint}</p>
            <p className="text-sm text-ink-3">위 검색창에서 종목명이나 종목코드로 찾아 별을 눌러도 됩니다.</p>
            <div className="mt-5 flex flex-wrap justify-center gap-2">
              <Link
                to="/stock"
                className="inline-flex h-11 items-center rounded-control bg-brand px-5 font-semibold text-white hover:bg-brand-hover"
              >
                {t.favoriteBrowse}
              </Link>
              <Button variant="ghost" onClick={focusHeaderSearch}>
                종목 검색하기
              </Button>
            </div>
          </div>
        )}
        {state.status === 'ready' && items.length > 0 && (
          <FavoriteList items={items} onReorder={reorder} onRemove={remove} rowExtra={props.rowExtra} />
        )}
      </div>
    </div>
  );
}

/** The header's search box (search-box.tsx), where a company is found and starred. */
function focusHeaderSearch() {
  document.querySelector<HTMLInputElement>('header input[role="combobox"]')?.focus();
}

function ListSkeleton() {
  return (
    <div role="status" aria-live="polite">
      <p className="px-2 pt-3 text-sm text-ink-3">관심 종목을 불러오는 중입니다…</p>
      <SkeletonRows />
    </div>
  );
}

function SkeletonRows() {
  return (
    <ul aria-hidden="true" className="divide-y divide-line">
      {[0, 1, 2, 3].map((i) => (
        <li key={i} className="flex animate-pulse items-center gap-3 px-2 py-3">
          <span className="size-8 rounded-[10px] bg-page" />
          <span className="flex-1 space-y-1.5">
            <span className="block h-4 w-28 rounded bg-page" />
            <span className="block h-3 w-16 rounded bg-page" />
          </span>
          <span className="h-8 w-20 rounded bg-page" />
        </li>
      ))}
    </ul>
  );
}
