import { formatDateTime, type Message, dealMessages as m } from '@beesang/contract';

const timeText = (iso: string) => formatDateTime(iso).split(' ').at(-1) ?? '';

/** The caution of issue 22 under a received message that looks like a way around the site. */
export function CautionLine() {
  return (
    <p className="mt-1 flex items-center gap-1 text-xs font-semibold text-rise-ink" data-testid="caution">
      <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true">
        <path d="M8 1.5l7 13H1z" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
        <path d="M8 6v4M8 12v.5" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
      {m.caution}
    </p>
  );
}

/** A text: mine on the right in blue, theirs on the left; the time, '읽음' on mine once read, the caution on theirs. */
export function MessageBubble({ message, mine, read }: { message: Message; mine: boolean; read: boolean }) {
  const time = (
    <span className="num shrink-0 text-[11px] text-ink-3">
      {mine && read && <span className="block text-right font-semibold text-brand">읽음</span>}
      <time dateTime={message.createdAt}>{timeText(message.createdAt)}</time>
    </span>
  );
  return (
    <div className={`flex flex-col ${mine ? 'items-end' : 'items-start'}`} data-testid="message" data-message-id={message.messageId}>
      <div className={`flex max-w-[85%] items-end gap-1.5 sm:max-w-[70%] ${mine ? 'flex-row-reverse' : ''}`}>
        <p
          className={`rounded-card px-3.5 py-2.5 text-[15px] leading-relaxed break-words whitespace-pre-wrap ${
            mine ? 'rounded-br-[4px] bg-brand text-white' : 'rounded-bl-[4px] bg-white text-ink ring-1 ring-line'
          }`}
        >
          <span className="sr-only">{mine ? '나: ' : `${message.sender?.userNickname ?? ''}: `}</span>
          {message.text}
        </p>
        {time}
      </div>
      {!mine && message.cautions.length > 0 && <CautionLine />}
    </div>
  );
}
