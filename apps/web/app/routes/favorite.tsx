import { FAVORITES_MAX } from '@beesang/contract';
import { useRef } from 'react';
import { MembersOnly } from '../components/layout/members-only';
import { ICON } from '../features/favorites/favorite-row';
import { FavoritesPage } from '../features/favorites/favorites-page';
import { FavoriteAlertButton } from '../features/notifications/alerts/favorite-alert-button';
import { rootOrigin } from '../lib/content-kinds';
import { pageMeta } from '../lib/seo';
import { memberRead } from '../lib/server-context';
import { SAME_FOR_MEMBERS, useSession } from '../lib/session';
import type { Route } from './+types/favorite';

// A member gets the visitors' page (issue 24, decision 0030): it reads their own list itself once they are known.
export const handle = SAME_FOR_MEMBERS;

/** The member's favourites in the first HTML; null for visitors or when the server cannot use the token (the page fetches then). */
export async function loader({ context, request }: Route.LoaderArgs) {
  // Spec §9: page 1 holds every favourite, as the page's own fetch asks for it.
  const favorites = await memberRead(context, request, (reads) => reads.favorites(1, FAVORITES_MAX), 'favourites');
  return { favorites: favorites?.data ?? null };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({ title: '관심 종목', path: '/favorite', origin: rootOrigin(matches) }),
  { name: 'robots', content: 'noindex' },
];

export default function Favorite({ loaderData }: Route.ComponentProps) {
  const session = useSession();
  // The loader read the list for whoever was signed in then; another member signing in here fetches their own.
  const loadedFor = useRef(session.user?.userIdx ?? null);
  const user = session.user;
  if (!user) return <MembersOnly title="관심 종목" reason="로그인하고 관심 종목의 시세를 한곳에서 확인하세요." />;
  const initial = user.userIdx === loadedFor.current ? loaderData.favorites : null;
  return (
    <FavoritesPage
      key={user.userIdx}
      initial={initial}
      memberIdx={user.userIdx}
      // Each favourite's 새 매물 알림 (issue 23), beside its star.
      rowExtra={(item) => (
        <FavoriteAlertButton companyIdx={item.companyIdx} companyName={item.companyName} className={`${ICON} shrink-0`} />
      )}
    />
  );
}
