import { EXPERT_BADGE_TEXT, formatDateTime, type Opinion, communityMessages as t } from '@beesang/contract';
import { Avatar } from '../../components/ui/avatar';
import { relativeTime } from '../../lib/relative-time';

/** One opinion: writer, expert badge, relative time, the text as plain text with its line breaks. */
export function OpinionItem(props: { opinion: Opinion; now: number; onDelete(): void; onReport(): void }) {
  const { opinion: o, now } = props;
  const badge = EXPERT_BADGE_TEXT[o.writer.expertType];
  return (
    <li className="flex gap-3 py-4" data-testid="opinion">
      <Avatar url={o.writer.profileImageUrl} size={36} lazy className="size-9" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm">
          <span className="font-semibold">{o.writer.userNickname}</span>
          {badge && (
            <span className="rounded-md bg-brand/10 px-1.5 py-0.5 text-xs font-semibold text-brand-hover">
              {badge}
              {o.writer.expertName && <span className="font-normal"> · {o.writer.expertName}</span>}
            </span>
          )}
          <time dateTime={o.createdAt} title={formatDateTime(o.createdAt)} className="text-xs text-ink-3">
            {relativeTime(o.createdAt, now)}
          </time>
          <span className="ml-auto">
            {o.isMine ? (
              <button
                type="button"
                onClick={props.onDelete}
                className="rounded-control px-2 py-1 text-xs text-ink-3 hover:bg-page hover:text-danger"
                aria-label="내 의견 삭제"
              >
                {t.opinionDelete}
              </button>
            ) : o.isReported ? (
              <span className="px-2 py-1 text-xs text-ink-3">{t.opinionReported}</span>
            ) : (
              <button
                type="button"
                onClick={props.onReport}
                className="rounded-control px-2 py-1 text-xs text-ink-3 hover:bg-page hover:text-ink"
                aria-label={`${o.writer.userNickname}님의 의견 신고`}
              >
                {t.opinionReport}
              </button>
            )}
          </span>
        </div>
        {/* Plain text only (SECURITY.md 16): React escapes it, pre-wrap keeps the writer's line breaks. */}
        <p className="mt-1 text-[15px] leading-relaxed break-words whitespace-pre-wrap text-ink">{o.content}</p>
      </div>
    </li>
  );
}
