import { PRODUCT_NAME } from '@beesang/contract';
import { isRouteErrorResponse, Link, useLocation, useSearchParams } from 'react-router';
import { NotFound } from '../components/layout/not-found';
import { ListEmpty, ListPageFailed, PendingList, useListPending } from '../components/ui/list-state';
import { Pagination } from '../components/ui/pagination';
import { CONTENT_FAILED, ContentList } from '../features/content/content-list';
import { CONTENT_PAGES, contentKindOf, rootOrigin } from '../lib/content-kinds';
import { pageMeta } from '../lib/seo';
import { pageRead } from '../lib/server-context';
import { SAME_FOR_MEMBERS } from '../lib/session';
import type { Route } from './+types/content-list';

// What a member sees here is what a visitor sees: the shared page needs no second read for them (issue 24).
export const handle = SAME_FOR_MEMBERS;

const SIZE = 15;

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const kind = contentKindOf(url.pathname);
  const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
  const result = await pageRead(context, (reads) => reads.contentList(kind, page, SIZE));
  return { kind, ...result };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location, error }) => {
  const page = CONTENT_PAGES[loaderData?.kind ?? contentKindOf(location.pathname)];
  if (error) return [{ title: `${page.title} | ${PRODUCT_NAME}` }, { name: 'robots', content: 'noindex' }];
  return pageMeta({ title: page.title, description: page.description, path: location.pathname, origin: rootOrigin(matches) });
};

export default function ContentListPage({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const page = CONTENT_PAGES[loaderData.kind];
  const pending = useListPending(page.path);
  // A page past the last one (an old link) is not "no posts": it leads back to the first.
  const pastTheEnd =
    loaderData.page > 1 ? (
      <ListEmpty
        action={
          <Link
            to={page.path}
            className="inline-flex h-9 items-center rounded-control px-3 text-sm font-semibold text-brand ring-1 ring-line hover:bg-page"
          >
            첫 페이지로
          </Link>
        }
      >
        이 페이지에는 글이 없습니다.
      </ListEmpty>
    ) : undefined;
  return (
    <div className="mx-auto max-w-[800px]">
      <h1 className="mb-4 text-2xl font-bold">{page.title}</h1>
      <PendingList pending={pending} className="rounded-card bg-white px-5 py-2 ring-1 ring-line">
        <ContentList items={loaderData.data} basePath={page.path} kind={loaderData.kind} empty={pastTheEnd} />
      </PendingList>
      <Pagination page={loaderData.page} total={loaderData.total} size={loaderData.size} search={search} />
    </div>
  );
}

/** The list could not be read: the page's title stays, the list's place says so and reads again. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname } = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const page = CONTENT_PAGES[contentKindOf(pathname)];
  return <ListPageFailed className="mx-auto max-w-[800px]" title={page.title} message={CONTENT_FAILED[contentKindOf(pathname)]} />;
}
