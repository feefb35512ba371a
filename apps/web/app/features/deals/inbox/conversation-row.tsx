import { type ConversationSummary, DEAL_STATUS_TEXT, formatDateTime, formatNumber, TradeType } from '@beesang/contract';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { StockLogo } from '../../../components/ui/stock-logo';
import { relativeTime } from '../../../lib/relative-time';
import { previewText, sideText } from '../shared/deal-text';

/**
 * One conversation in the inbox: the counterpart, the listing (logo, company, side, price), the
 * last entry as one line (a deal step as words), when, the unread count and the deal under way.
 */
export function ConversationRow({ item, now }: { item: ConversationSummary; now?: number }) {
  const { counterpart: who, listing: l } = item;
  const last = item.lastMessage;
  const unread = item.unreadCount > 0;
  const sell = l.tradeType !== TradeType.BUY;
  return (
    <li data-testid="conversation-row">
      <Link to={`/messages/${item.conversationId}`} className="flex items-start gap-3 px-4 py-3.5 hover:bg-page focus-visible:bg-page">
        <span className="relative shrink-0">
          <Avatar url={who.profileImageUrl} size={44} className="size-11" lazy />
          <span className="absolute -right-1 -bottom-1 rounded-[8px] bg-white p-px">
            <StockLogo src={l.companyLogoUrl} name={l.companyName} size={20} />
          </span>
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-2">
            <span className={`truncate text-[15px] ${unread ? 'font-bold' : 'font-semibold'}`}>{who.userNickname}</span>
            {item.liveDeal && (
              <span
                className="shrink-0 rounded-[5px] bg-brand/10 px-1.5 py-0.5 text-[11px] font-semibold text-brand-hover"
                data-testid="deal-status"
              >
                {DEAL_STATUS_TEXT[item.liveDeal.status]}
              </span>
            )}
            <time
              dateTime={last?.createdAt ?? item.updatedAt}
              title={formatDateTime(last?.createdAt ?? item.updatedAt)}
              className="ml-auto shrink-0 text-xs text-ink-3"
              suppressHydrationWarning
            >
              {relativeTime(last?.createdAt ?? item.updatedAt, now)}
            </time>
          </span>
          <span className="mt-0.5 block truncate text-[13px] text-ink-2">
            {l.companyName} <span className={sell ? 'text-fall' : 'text-rise'}>{sideText(l.tradeType)}</span>
            <span className="num"> · {formatNumber(l.stockPerPrice)}원</span>
          </span>
          <span className="mt-1 flex items-center gap-2">
            <span className={`min-w-0 flex-1 truncate text-sm ${unread ? 'text-ink' : 'text-ink-3'}`} data-testid="preview">
              {last ? `${last.mine ? '나: ' : ''}${previewText(last)}` : '아직 메시지가 없어요'}
            </span>
            {unread && <span className="sr-only">, 읽지 않은 메시지 {item.unreadCount}개</span>}
            {unread && (
              <span
                aria-hidden="true"
                className="num inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-danger px-1.5 text-[11px] font-bold text-white"
              >
                {item.unreadCount > 99 ? '99+' : item.unreadCount}
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}
