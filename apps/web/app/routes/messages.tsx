import { useRef } from 'react';
import { MembersOnly } from '../components/layout/members-only';
import { InboxPage } from '../features/deals/inbox/inbox-page';
import { INBOX_PAGE_SIZE } from '../features/deals/shared/deals-api';
import { rootOrigin } from '../lib/content-kinds';
import { pageMeta } from '../lib/seo';
import { memberRead } from '../lib/server-context';
import { useSession } from '../lib/session';
import type { Route } from './+types/messages';

/** The member's conversations in the first HTML; null for visitors or when the server cannot use the token (the page reads then). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const list = await memberRead(context, request, (reads) => reads.conversations({ page: 1, size: INBOX_PAGE_SIZE }), 'conversations');
  return { list };
}

/** A member's own list: never kept by a shared cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({ title: '메시지', path: '/messages', origin: rootOrigin(matches) }),
  { name: 'robots', content: 'noindex' },
];

export default function Messages({ loaderData }: Route.ComponentProps) {
  const session = useSession();
  const loadedFor = useRef(session.user?.userIdx ?? null);
  const user = session.user;
  if (!user) return <MembersOnly title="메시지" reason="로그인하고 거래 제안과 메시지를 확인하세요." />;
  const initial = user.userIdx === loadedFor.current ? loaderData.list : null;
  return <InboxPage key={user.userIdx} initial={initial} />;
}
