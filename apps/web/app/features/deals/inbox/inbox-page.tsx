import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ListEmpty, ListFailed, ListLoading } from '../../../components/ui/list-state';
import { useUnreadCount } from '../../../lib/live-provider';
import type { ConversationList } from '../shared/deals-api';
import { ConversationRow } from './conversation-row';
import { useInbox } from './use-inbox';

/** /messages: the member's conversations, newest first, with the unread count; it follows live. */
export function InboxPage({ initial }: { initial: ConversationList | null }) {
  const { state, hasMore, more, loadMore, retry } = useInbox(initial);
  // Over every conversation (the header's count), not only the rows loaded so far.
  const unread = useUnreadCount() ?? (state.status === 'ready' ? state.items.reduce((n, c) => n + c.unreadCount, 0) : 0);
  return (
    <div className="mx-auto max-w-[800px]">
      <h1 className="text-2xl font-bold">
        메시지
        {unread > 0 && (
          <span className="num ml-2 align-middle text-base font-semibold text-danger" data-testid="inbox-unread">
            읽지 않음 {unread}
          </span>
        )}
      </h1>
      <p className="mt-1 text-sm text-ink-3">거래 제안과 대화가 여기에 모여요. 외부 연락·선입금 요구는 사기일 수 있어요.</p>
      <div className="mt-4 overflow-hidden rounded-card bg-white ring-1 ring-line">
        {state.status === 'loading' ? (
          <div className="px-4">
            <ListLoading label="대화 목록을 불러오는 중…" />
          </div>
        ) : state.status === 'failed' ? (
          <ListFailed message="대화 목록을 불러오지 못했습니다." onRetry={retry} />
        ) : state.items.length === 0 ? (
          <ListEmpty
            hint="관심 있는 매물에서 거래 제안을 보내면 판매자(구매자)와의 대화가 시작돼요."
            action={
              <Link
                to="/stock"
                className="inline-flex h-10 items-center rounded-control bg-brand px-4 text-sm font-semibold text-white hover:bg-brand-hover"
              >
                종목 둘러보기
              </Link>
            }
          >
            아직 대화가 없어요
          </ListEmpty>
        ) : (
          <ul className="divide-y divide-line" aria-label="대화 목록">
            {state.items.map((item) => (
              <ConversationRow key={item.conversationId} item={item} />
            ))}
          </ul>
        )}
      </div>
      {hasMore && (
        <Button
          variant="ghost"
          full
          className="mt-3"
          onClick={() => void loadMore()}
          disabled={more === 'loading'}
          aria-busy={more === 'loading' || undefined}
        >
          {more === 'loading' ? '불러오는 중…' : more === 'failed' ? '다시 시도' : '대화 더 보기'}
        </Button>
      )}
    </div>
  );
}
