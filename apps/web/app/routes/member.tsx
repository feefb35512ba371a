import { MemberProfile } from '../features/deals/member/member-profile';
import { rootOrigin } from '../lib/content-kinds';
import { pageMeta } from '../lib/seo';
import { pageRead } from '../lib/server-context';
import type { Route } from './+types/member';

/** A member's public page: rendered on the server for search engines; 404 for no such member. */
export async function loader({ context, params }: Route.LoaderArgs) {
  if (!/^\d{1,12}$/.test(params.userIdx)) throw new Response('Not Found', { status: 404 });
  const page = await pageRead(context, (reads) => reads.memberPage(Number(params.userIdx)));
  return { page };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  if (!loaderData) return [];
  const p = loaderData.page;
  const title = `${p.userNickname} 님의 거래 프로필 · 비상`;
  const tags = pageMeta({
    path: location.pathname,
    origin: rootOrigin(matches),
    description: `${p.userNickname} 님의 비상 직거래 프로필: 확인된 거래 ${p.confirmedTrades}건, 좋아요 ${p.goodReviews} · 아쉬워요 ${p.badReviews}, 거래 중인 매물.`,
  });
  // The title as issue 22 gives it, not the site's '… | 비상'.
  return [
    { title },
    ...tags.filter((t) => !('title' in t) && !('property' in t && t.property === 'og:title')),
    { property: 'og:title', content: title },
    ...(p.deleted ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
};

export default function Member({ loaderData }: Route.ComponentProps) {
  return <MemberProfile key={loaderData.page.userIdx} page={loaderData.page} />;
}
