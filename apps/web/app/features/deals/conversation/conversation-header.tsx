import { type ConversationDetail, formatNumber, TradeType } from '@beesang/contract';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { StockLogo } from '../../../components/ui/stock-logo';
import { sideText } from '../shared/deal-text';

/**
 * Who the conversation is with (a link to their page) and the listing it is about (a link to its
 * stock), with a menu to block or unblock them and to report the conversation.
 */
export function ConversationHeader(props: { detail: ConversationDetail; onBlock(): void; onUnblock(): void; onReport(): void }) {
  const { detail: d, onBlock, onUnblock, onReport } = props;
  const who = d.counterpart;
  const l = d.listing;
  const sell = l.tradeType !== TradeType.BUY;
  const item =
    'flex min-h-11 w-full cursor-pointer items-center px-4 text-left text-[15px] outline-none data-disabled:cursor-default data-disabled:text-ink-3 data-highlighted:bg-page';
  return (
    <header className="flex items-start gap-3 border-b border-line bg-white px-4 py-3">
      <Link
        to="/messages"
        aria-label="대화 목록"
        className="-ml-2 flex size-11 shrink-0 items-center justify-center rounded-control hover:bg-page md:size-9"
      >
        <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
          <path d="M12.5 4l-6 6 6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </Link>
      <div className="min-w-0 flex-1">
        <h1 className="flex min-w-0 items-center gap-2 text-[17px] font-bold">
          <Avatar url={who.profileImageUrl} size={28} className="size-7" />
          {who.deleted ? (
            <span className="truncate text-ink-3">{who.userNickname}</span>
          ) : (
            <Link to={`/member/${who.userIdx}`} className="truncate hover:underline">
              {who.userNickname}
              <span className="sr-only"> 님의 거래 프로필</span>
            </Link>
          )}
        </h1>
        <Link to={`/stock/${l.companyIdx}`} className="mt-1.5 flex min-w-0 items-center gap-2 text-[13px] text-ink-2 hover:underline">
          <StockLogo src={l.companyLogoUrl} name={l.companyName} size={20} />
          <span className="truncate">
            <span className="font-semibold text-ink">{l.companyName}</span>{' '}
            <span className={sell ? 'text-fall' : 'text-rise'}>{sideText(l.tradeType)} 매물</span>
            <span className="num">
              {' '}
              · {formatNumber(l.stockPerPrice)}원 · 남은 {formatNumber(l.openStockCount)}주
            </span>
          </span>
        </Link>
      </div>
      <Menu.Root modal={false}>
        <Menu.Trigger
          aria-label="대화 메뉴"
          className="-mr-2 flex size-11 shrink-0 items-center justify-center rounded-control hover:bg-page md:size-9"
        >
          <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
            <circle cx="10" cy="4.5" r="1.6" fill="currentColor" />
            <circle cx="10" cy="10" r="1.6" fill="currentColor" />
            <circle cx="10" cy="15.5" r="1.6" fill="currentColor" />
          </svg>
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content align="end" sideOffset={4} className="z-50 w-48 rounded-card bg-white py-2 shadow-xl ring-1 ring-line">
            {d.blockedByMe ? (
              <Menu.Item className={item} onSelect={onUnblock}>
                차단 풀기
              </Menu.Item>
            ) : (
              <Menu.Item className={item} onSelect={onBlock}>
                차단하기
              </Menu.Item>
            )}
            <Menu.Item className={`${item} text-danger`} disabled={d.reportedByMe} onSelect={onReport}>
              {d.reportedByMe ? '신고한 대화' : '신고하기'}
            </Menu.Item>
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
    </header>
  );
}
