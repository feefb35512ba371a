/** An unread count (messages, notifications) as a small red pill ('99+' past 99); nothing when there are none. */
export function UnreadBadge({ count, className = '' }: { count: number | null | undefined; className?: string }) {
  if (!count) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="unread-badge"
      className={`num inline-flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-danger px-1 text-[11px] leading-none font-bold text-white ${className}`}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** '메시지' for screen readers, with the unread count when there is one. */
export const messagesLabel = (count: number | null | undefined) => (count ? `메시지, 읽지 않은 메시지 ${count}개` : '메시지');

/** '알림' for screen readers, with the unread count when there is one (issue 23). */
export const notificationsLabel = (count: number | null | undefined) => (count ? `알림, 읽지 않은 알림 ${count}개` : '알림');
