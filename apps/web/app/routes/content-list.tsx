import { useSearchParams } from 'react-router';
import { Pagination } from '../components/ui/pagination';
import { ContentList } from '../features/content/content-list';
import { CONTENT_PAGES, contentKindOf, rootOrigin } from '../lib/content-kinds';
import { pageMeta } from '../lib/seo';
import { pageRead } from '../lib/server-context';
import type { Route } from './+types/content-list';

const SIZE = 15;

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const kind = contentKindOf(url.pathname);
  const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
  const result = await pageRead(context, (reads) => reads.contentList(kind, page, SIZE));
  return { kind, ...result };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const page = CONTENT_PAGES[loaderData?.kind ?? 'notice'];
  return pageMeta({ title: page.title, description: page.description, path: location.pathname, origin: rootOrigin(matches) });
};

export default function ContentListPage({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const page = CONTENT_PAGES[loaderData.kind];
  return (
    <div className="mx-auto max-w-[800px]">
      <h1 className="mb-4 text-2xl font-bold">{page.title}</h1>
      <div className="rounded-card bg-white px-5 py-2 ring-1 ring-line">
        <ContentList items={loaderData.data} basePath={page.path} />
      </div>
      <Pagination page={loaderData.page} total={loaderData.total} size={loaderData.size} search={search} />
    </div>
  );
}
