import { useRef } from 'react';
import { MembersOnly } from '../components/layout/members-only';
import { NotificationsPage } from '../features/notifications/list/notifications-page';
import { NOTIFICATIONS_PAGE_SIZE } from '../features/notifications/shared/notifications-api';
import { rootOrigin } from '../lib/content-kinds';
import { pageMeta } from '../lib/seo';
import { memberRead } from '../lib/server-context';
import { useSession } from '../lib/session';
import type { Route } from './+types/notifications';

/** ?page=N (1 when missing or not a page number). */
function pageOf(url: string): number {
  const raw = new URL(url).searchParams.get('page') ?? '';
  return /^[1-9]\d{0,4}$/.test(raw) ? Number(raw) : 1;
}

/** The member's notifications in the first HTML; null for visitors or when the server cannot use the token (the page reads then). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const page = pageOf(request.url);
  const list = await memberRead(context, request, (reads) => reads.notifications({ page, size: NOTIFICATIONS_PAGE_SIZE }), 'notifications');
  return { list, page };
}

/** A member's own list: never kept by a shared cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({ title: '알림', path: '/notifications', origin: rootOrigin(matches) }),
  { name: 'robots', content: 'noindex' },
];

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const session = useSession();
  const loadedFor = useRef(session.user?.userIdx ?? null);
  const user = session.user;
  if (!user) return <MembersOnly title="알림" reason="로그인하고 관심 종목, 가격, 거래 소식을 알림으로 받아보세요." />;
  const initial = user.userIdx === loadedFor.current ? loaderData.list : null;
  return <NotificationsPage key={`${user.userIdx}:${loaderData.page}`} initial={initial} page={loaderData.page} />;
}
