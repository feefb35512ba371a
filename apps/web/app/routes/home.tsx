import { Link } from 'react-router';
import { Card } from '../components/ui/card';
import { ContentList } from '../features/content/content-list';
import { RankingBoard } from '../features/stocks/ranking-board';
import { CONTENT_PAGES, rootOrigin } from '../lib/content-kinds';
import { pageMeta } from '../lib/seo';
import { pageRead } from '../lib/server-context';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const [ranking, news, market, notices, events] = await Promise.all([
    pageRead(context, (reads) => reads.ranking('TODAY', 10)),
    pageRead(context, (reads) => reads.contentList('news', 1, 5)),
    pageRead(context, (reads) => reads.contentList('market', 1, 5)),
    pageRead(context, (reads) => reads.contentList('notice', 1, 4)),
    pageRead(context, (reads) => reads.contentList('event', 1, 3)),
  ]);
  return { ranking, news: news.data, market: market.data, notices: notices.data, events: events.data };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta({ title: '비상장 주식', path: '/', origin: rootOrigin(matches) });

function More({ to }: { to: string }) {
  return (
    <Link to={to} className="text-sm font-medium text-ink-3 hover:text-ink">
      더보기 ›
    </Link>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_380px]">
      <h1 className="sr-only">비상 - 비상장 주식 시세와 직거래</h1>
      <div className="min-w-0 space-y-6">
        <RankingBoard initial={loaderData.ranking} />
        <Card title="비상장 뉴스" action={<More to={CONTENT_PAGES.news.path} />}>
          <ContentList items={loaderData.news} basePath={CONTENT_PAGES.news.path} />
        </Card>
      </div>
      <div className="min-w-0 space-y-6">
        <section className="rounded-card bg-brand p-5 text-white">
          <p className="text-lg font-bold">매물 알림은 비상 앱에서</p>
          <p className="mt-1 text-sm text-white/90">
            관심 종목에 새 매물이 올라오면 바로 알려드려요. 고객센터 1:1 문의도 앱에서 할 수 있어요.
          </p>
          <Link to="/intro" className="mt-4 inline-block rounded-control bg-white px-4 py-2 text-sm font-semibold text-brand">
            서비스 소개 보기
          </Link>
        </section>
        <Card title="시황" action={<More to={CONTENT_PAGES.market.path} />}>
          <ContentList items={loaderData.market} basePath={CONTENT_PAGES.market.path} />
        </Card>
        <Card title="공지사항" action={<More to={CONTENT_PAGES.notice.path} />}>
          <ContentList items={loaderData.notices} basePath={CONTENT_PAGES.notice.path} />
        </Card>
        <Card title="이벤트" action={<More to={CONTENT_PAGES.event.path} />}>
          <ContentList items={loaderData.events} basePath={CONTENT_PAGES.event.path} />
        </Card>
      </div>
    </div>
  );
}
