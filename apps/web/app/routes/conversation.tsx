import { DEAL_MESSAGES_PAGE, type Message } from '@beesang/contract';
import { useRef } from 'react';
import { MembersOnly } from '../components/layout/members-only';
import { ConversationPage } from '../features/deals/conversation/conversation-page';
import { rootOrigin } from '../lib/content-kinds';
import { pageMeta } from '../lib/seo';
import { memberRead } from '../lib/server-context';
import { useSession } from '../lib/session';
import type { SsrReads } from '../lib/ssr-reads';
import type { Route } from './+types/conversation';

/** Pages of 100 the first HTML carries at most; the browser reads on from the last id shown. */
const SSR_PAGES = 20;

async function readAll(reads: SsrReads, id: number) {
  const [detail, first] = await Promise.all([reads.conversation(id), reads.conversationMessages(id, 0)]);
  const messages: Message[] = [...first.data];
  let page = first.data;
  for (let n = 1; n < SSR_PAGES && page.length === DEAL_MESSAGES_PAGE; n++) {
    page = (await reads.conversationMessages(id, messages.at(-1)?.messageId ?? 0)).data;
    messages.push(...page);
  }
  return { detail, messages };
}

/** The conversation and every message in the first HTML; null when the server cannot use the token (the page reads then). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  if (!/^\d{1,12}$/.test(params.conversationId)) throw new Response('Not Found', { status: 404 });
  const id = Number(params.conversationId);
  const loaded = await memberRead(context, request, (reads) => readAll(reads, id), 'the conversation');
  return { id, loaded };
}

/** A member's own conversation: never kept by a shared cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => [
  ...pageMeta({
    title: loaderData?.loaded ? `${loaderData.loaded.detail.counterpart.userNickname} 님과의 대화` : '메시지',
    path: location.pathname,
    origin: rootOrigin(matches),
  }),
  { name: 'robots', content: 'noindex' },
];

export default function Conversation({ loaderData }: Route.ComponentProps) {
  const session = useSession();
  // The loader read for whoever was signed in then; another member signing in here reads their own.
  const loadedFor = useRef(session.user?.userIdx ?? null);
  const user = session.user;
  if (!user) return <MembersOnly title="메시지" reason="로그인하고 거래 제안과 메시지를 확인하세요." />;
  const initial = user.userIdx === loadedFor.current ? loaderData.loaded : null;
  return <ConversationPage key={`${user.userIdx}-${loaderData.id}`} id={loaderData.id} me={user.userIdx} initial={initial} />;
}
