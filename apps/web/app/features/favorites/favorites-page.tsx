import { formatNumber, type StockSummary, communityMessages as t } from '@beesang/contract';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { FavoriteList } from './favorite-list';
import { useFavorites } from './use-favorites';

/** /favorite for a member: the list in their order, reorderable, each removable; an empty state otherwise. */
export function FavoritesPage(props: { initial: StockSummary[] | null; memberIdx: number }) {
  const { state, reorder, remove, retry } = useFavorites(props.initial, props.memberIdx);
  const items = state.status === 'ready' ? state.items : [];
  return (
    <div className="mx-auto max-w-[800px]">
      <div className="mb-4">
        <h1 className="text-2xl font-bold">{t.favoritePageTitle}</h1>
        {state.status === 'ready' && items.length > 0 && (
          <p className="mt-1 text-sm text-ink-3">
            <span className="num">{formatNumber(items.length)}개</span> · 손잡이를 끌거나 키보드로 순서를 바꿀 수 있어요.
          </p>
        )}
      </div>
      <div className="rounded-card bg-white px-2 py-1 ring-1 ring-line sm:px-4">
        {state.status === 'loading' && <ListSkeleton />}
        {state.status === 'error' && (
          <div className="py-14 text-center" role="alert">
            <p className="text-ink-2">{t.favoriteLoadFailed}</p>
            <Button variant="ghost" className="mt-4 h-10 text-sm" onClick={retry}>
              {t.retry}
            </Button>
          </div>
        )}
        {state.status === 'ready' && items.length === 0 && (
          <div className="py-14 text-center">
            <p className="font-semibold">{t.favoriteEmpty}</p>
            <p className="mt-1 text-sm text-ink-3">{t.favoriteEmptyHint}</p>
            <Link
              to="/stock"
              className="mt-5 inline-flex h-11 items-center rounded-control bg-brand px-5 font-semibold text-white hover:bg-brand-hover"
            >
              {t.favoriteBrowse}
            </Link>
          </div>
        )}
        {state.status === 'ready' && items.length > 0 && <FavoriteList items={items} onReorder={reorder} onRemove={remove} />}
      </div>
    </div>
  );
}

function ListSkeleton() {
  return (
    <ul aria-busy="true" aria-label="관심 종목을 불러오는 중" className="divide-y divide-line">
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
