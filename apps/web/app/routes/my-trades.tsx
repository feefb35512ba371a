import { myTradeMessages as m } from '@beesang/contract';
import { useRef } from 'react';
import { MyTrades } from '../features/trade/my-trades/my-trades';
import { myTradesApiQuery, myTradesPath, myTradesQuery } from '../features/trade/my-trades/my-trades-api';
import { rootOrigin } from '../lib/content-kinds';
import { pageMeta } from '../lib/seo';
import { memberRead } from '../lib/server-context';
import { SAME_FOR_MEMBERS, useSession } from '../lib/session';
import type { Route } from './+types/my-trades';

// A member gets the visitors' page (issue 24, decision 0030): it reads their listings itself once they are known.
export const handle = SAME_FOR_MEMBERS;

/** The asked page of the member's listings in the first HTML; null when the server cannot use the token (the page fetches then). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const query = myTradesQuery(new URL(request.url).searchParams);
  // The path names what was loaded, so that the page can tell it from what it fetches itself.
  const page = await memberRead(context, request, (reads) => reads.myTrades(myTradesApiQuery(query)), 'my listings');
  return { loaded: { path: myTradesPath(query), page } };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({ title: m.title, path: '/myPage/trades', origin: rootOrigin(matches) }),
  { name: 'robots', content: 'noindex' },
];

export default function MyTradesPage({ loaderData }: Route.ComponentProps) {
  const session = useSession();
  // The loader read the list for whoever was signed in then: a member who signs in here fetches
  // their own, until the loader runs again (a filter, a page) with their cookie.
  const first = useRef({ userIdx: session.user?.userIdx ?? null, loaded: loaderData.loaded });
  const user = session.user;
  if (!user) return null;
  const stale = loaderData.loaded === first.current.loaded && user.userIdx !== first.current.userIdx;
  const loaded = stale ? null : loaderData.loaded;
  return <MyTrades key={user.userIdx} loaded={loaded} />;
}
