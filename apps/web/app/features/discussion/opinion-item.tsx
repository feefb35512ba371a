import { EXPERT_BADGE_TEXT, formatDateTime, type Opinion, SCAM_CAUTION, communityMessages as t } from '@beesang/contract';
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
        {o.scamCaution && <ScamCaution />}
      </div>
    </li>
  );
}

/**
 * Issue 10 §6: under text with scam signals (FSS phrases, a phone number, an open-chat link), one
 * quiet amber line; the text itself stays as written.
 */
export function ScamCaution() {
  return (
    <div
      role="note"
      data-testid="scam-caution"
      className="mt-2 inline-flex items-center gap-1.5 rounded-control bg-[#fff8e1] px-2.5 py-1.5 text-[13px] leading-snug font-medium text-[#7a5200]"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0">
        <path d="M10 2.5 18.5 17h-17L10 2.5Z" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
        <path d="M10 8v4" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" />
        <circle cx="10" cy="14.4" r="0.95" fill="currentColor" />
      </svg>
      {SCAM_CAUTION}
    </div>
  );
}
