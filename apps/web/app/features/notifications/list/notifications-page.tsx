import { NOTIFICATION_RETENTION_DAYS, type Notification } from '@beesang/contract';
import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ListEmpty, ListFailed, ListLoading } from '../../../components/ui/list-state';
import { Pagination } from '../../../components/ui/pagination';
import { useUnreadNotifications } from '../../../lib/live-provider';
import { PushSettings } from '../settings/push-settings';
import { NOTIFICATIONS_PAGE_SIZE, type NotificationList } from '../shared/notifications-api';
import { NotificationRow } from './notification-row';
import { useNotifications } from './use-notifications';

/**
 * /notifications: the member's notifications of the last 90 days, newest first, a page at a time;
 * each one links where it is about; 모두 읽음 and 삭제; new ones arrive on top live. Below, 알림
 * 설정: Web Push for this browser, and the way to the per-kind settings on /myPage.
 */
export function NotificationsPage({ initial, page }: { initial: NotificationList | null; page: number }) {
  const { state, busy, open, readAll, remove, retry } = useNotifications(initial, page);
  const [search] = useSearchParams();
  const heading = useRef<HTMLHeadingElement>(null);
  // Over every notification (the bell's count), not only this page's.
  const unread = useUnreadNotifications() ?? (state.status === 'ready' ? state.items.filter((n) => !n.readAt).length : 0);

  /** A deleted row's focus goes to the next row (or the one before, or the heading), not to the page's top. */
  const removeRow = async (item: Notification, row: Element | null) => {
    const neighbour = row?.nextElementSibling ?? row?.previousElementSibling ?? null;
    await remove(item);
    const target = neighbour?.isConnected ? neighbour.querySelector<HTMLElement>('a') : heading.current;
    target?.focus();
  };

  return (
    <div className="mx-auto max-w-[800px]">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold">
            알림
            {unread > 0 && (
              <span className="num ml-2 align-middle text-base font-semibold text-danger" data-testid="notifications-unread">
                읽지 않음 {unread}
              </span>
            )}
          </h1>
          <p className="mt-1 text-sm text-ink-3">
            최근 {NOTIFICATION_RETENTION_DAYS}일의 알림을 보관해요.{' '}
            <a href="#settings" className="font-semibold text-ink-2 underline underline-offset-2">
              알림 설정
            </a>
          </p>
        </div>
        <Button variant="ghost" size="sm" onClick={() => void readAll()} disabled={busy || unread === 0} aria-busy={busy || undefined}>
          모두 읽음
        </Button>
      </div>
      <div className="mt-4 overflow-hidden rounded-card bg-white ring-1 ring-line">
        {state.status === 'loading' ? (
          <div className="px-4">
            <ListLoading label="알림을 불러오는 중…" shape="post" />
          </div>
        ) : state.status === 'failed' ? (
          <ListFailed message="알림을 불러오지 못했습니다." onRetry={retry} />
        ) : state.items.length === 0 ? (
          <ListEmpty
            hint="관심 종목의 새 매물, 가격 알림, 거래 제안과 메시지 소식이 여기에 모여요."
            action={
              <Link
                to="/favorite"
                className="inline-flex h-10 items-center rounded-control bg-brand px-4 text-sm font-semibold text-white hover:bg-brand-hover"
              >
                관심 종목 보기
              </Link>
            }
          >
            {page > 1 ? '이 페이지에는 알림이 없어요' : '아직 받은 알림이 없어요'}
          </ListEmpty>
        ) : (
          <ul className="divide-y divide-line" aria-label="알림 목록">
            {state.items.map((item) => (
              <NotificationRow
                key={item.notificationId}
                item={item}
                onOpen={() => open(item)}
                onDelete={(e) => void removeRow(item, e.currentTarget.closest('li'))}
              />
            ))}
          </ul>
        )}
      </div>
      {state.status === 'ready' && <Pagination page={page} total={state.total} size={NOTIFICATIONS_PAGE_SIZE} search={search} />}
      <PushSettings />
    </div>
  );
}
