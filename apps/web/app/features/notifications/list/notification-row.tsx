import { formatDateTime, NOTIFICATION_GROUP_OF, type Notification } from '@beesang/contract';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { relativeTime } from '../../../lib/relative-time';
import { GroupIcon } from '../shared/group-icon';
import { NOTIFICATION_KIND_TEXT } from '../shared/kind-text';

/**
 * One notification: its group's mark, the kind in words and when, the title and body; the whole is
 * a link to where it is about (following it reads it). Unread: bold on a faint blue, a dot, and
 * '읽지 않음' said to screen readers. Its own 삭제 beside it.
 */
export function NotificationRow(props: {
  item: Notification;
  onOpen(): void;
  onDelete(e: MouseEvent<HTMLButtonElement>): void;
  now?: number;
}) {
  const { item, now } = props;
  const unread = item.readAt === null;
  return (
    <li
      data-testid="notification-row"
      data-unread={unread || undefined}
      className={`flex items-start gap-1 ${unread ? 'bg-brand/[0.04]' : ''}`}
    >
      <Link
        to={item.url || '/'}
        onClick={props.onOpen}
        className="flex min-w-0 flex-1 items-start gap-3 py-3.5 pl-4 hover:bg-page focus-visible:bg-page"
      >
        <GroupIcon group={NOTIFICATION_GROUP_OF[item.kind]} />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-2 text-xs text-ink-3">
            <span className="font-semibold text-ink-2">{NOTIFICATION_KIND_TEXT[item.kind]}</span>
            <time dateTime={item.createdAt} title={formatDateTime(item.createdAt)} suppressHydrationWarning>
              {relativeTime(item.createdAt, now)}
            </time>
            {unread && (
              <>
                <span className="sr-only">, 읽지 않음</span>
                <span aria-hidden="true" className="size-1.5 self-center rounded-full bg-brand" data-testid="unread-dot" />
              </>
            )}
          </span>
          <span className={`mt-0.5 block text-[15px] break-words ${unread ? 'font-bold text-ink' : 'font-medium text-ink-2'}`}>
            {item.title}
          </span>
          {item.body && <span className="mt-0.5 line-clamp-2 block text-sm break-words whitespace-pre-line text-ink-3">{item.body}</span>}
        </span>
      </Link>
      <button
        type="button"
        onClick={props.onDelete}
        aria-label={`${item.title} 알림 삭제`}
        className="mt-2 mr-2 flex size-11 shrink-0 items-center justify-center rounded-control text-ink-3 hover:bg-page hover:text-ink md:size-9"
      >
        <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true">
          <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  );
}
