import type { ContentKind, ContentSummary } from '@beesang/contract';
import { data, Link } from 'react-router';
import { Card } from '../components/ui/card';
import { ListFailed, useReload } from '../components/ui/list-state';
import { CONTENT_FAILED, ContentList } from '../features/content/content-list';
import { RankingBoard } from '../features/stocks/ranking-board';
import { CONTENT_PAGES, rootOrigin } from '../lib/content-kinds';
import { pageMeta } from '../lib/seo';
import { optionalRead } from '../lib/server-context';
import { SAME_FOR_MEMBERS } from '../lib/session';
import type { Route } from './+types/home';

// What a member sees here is what a visitor sees: the shared page needs no second read for them (issue 24).
export const handle = SAME_FOR_MEMBERS;

/**
 * Each section is read on its own: one that fails leaves its card saying so (the ranking loads in
 * the browser instead), not the whole front page broken. Such a page is not kept by the page cache.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const posts = (kind: ContentKind, size: number) =>
    optionalRead(context, (reads) => reads.contentList(kind, 1, size), `the home page's ${kind} list`).then((p) => p?.data ?? null);
  const [ranking, news, market, notices, events] = await Promise.all([
    optionalRead(context, (reads) => reads.ranking('TODAY', 10), "the home page's ranking"),
    posts('news', 5),
    posts('market', 5),
    posts('notice', 4),
    posts('event', 3),
  ]);
  const sections = { ranking, news, market, notices, events };
  const partial = Object.values(sections).some((section) => section === null);
  return data(sections, partial ? { headers: { 'Cache-Control': 'no-store' } } : undefined);
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const cacheControl = loaderHeaders.get('Cache-Control');
  return cacheControl ? { 'Cache-Control': cacheControl } : new Headers();
};

export const meta: Route.MetaFunction = ({ matches }) => pageMeta({ title: '비상장 주식', path: '/', origin: rootOrigin(matches) });

function More({ to }: { to: string }) {
  return (
    <Link to={to} className="text-sm font-medium text-ink-3 hover:text-ink">
      더보기 ›
    </Link>
  );
}

/** A card's posts, or the sentence that they could not be read with 다시 시도 (the page's loader again). */
function Posts({ items, kind }: { items: ContentSummary[] | null; kind: ContentKind }) {
  const { reload, reloading } = useReload();
  const page = CONTENT_PAGES[kind];
  if (!items) return <ListFailed size="compact" message={CONTENT_FAILED[kind]} onRetry={reload} retrying={reloading} />;
  return <ContentList items={items} basePath={page.path} kind={kind} size="compact" />;
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_380px]">
      <h1 className="sr-only">비상 - 비상장 주식 시세와 직거래</h1>
      <div className="min-w-0 space-y-6">
        <RankingBoard initial={loaderData.ranking} />
        <Card title="비상장 뉴스" action={<More to={CONTENT_PAGES.news.path} />}>
          <Posts items={loaderData.news} kind="news" />
        </Card>
      </div>
      <div className="min-w-0 space-y-6">
        <section className="rounded-card bg-brand p-5 text-white">
          <p className="text-lg font-bold">매물 알림은 비상 앱에서</p>
          <p className="mt-1 text-sm text-white">
            관심 종목에 새 매물이 올라오면 바로 알려드려요. 고객센터 1:1 문의도 앱에서 할 수 있어요.
          </p>
          <Link to="/intro" className="mt-4 inline-block rounded-control bg-white px-4 py-2 text-sm font-semibold text-brand">
            서비스 소개 보기
          </Link>
        </section>
        <Card title="시황" action={<More to={CONTENT_PAGES.market.path} />}>
          <Posts items={loaderData.market} kind="market" />
        </Card>
        <Card title="공지사항" action={<More to={CONTENT_PAGES.notice.path} />}>
          <Posts items={loaderData.notices} kind="notice" />
        </Card>
        <Card title="이벤트" action={<More to={CONTENT_PAGES.event.path} />}>
          <Posts items={loaderData.events} kind="event" />
        </Card>
      </div>
    </div>
  );
}
