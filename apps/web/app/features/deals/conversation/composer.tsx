import { DEAL_MESSAGE_MAX, dealMessages as m } from '@beesang/contract';
import { type KeyboardEvent, useId, useState } from 'react';

/**
 * The message box: Enter sends, Shift+Enter starts a new line (and Enter while a Korean syllable is
 * still being composed only ends the syllable). At most 1,000 characters: the count says so and
 * the send waits. Blocked either way, it says why instead. A text that failed to go stays.
 */
export function Composer(props: { disabledReason: string | null; onSend(text: string): Promise<boolean> }) {
  const { disabledReason, onSend } = props;
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const id = useId();
  const over = text.length > DEAL_MESSAGE_MAX;
  const ready = text.trim() !== '' && !over && !sending && disabledReason === null;

  const send = async () => {
    if (!ready) return;
    setSending(true);
    const sent = await onSend(text.trim());
    setSending(false);
    if (sent) setText('');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing || e.keyCode === 229) return;
    e.preventDefault();
    void send();
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
      className="border-t border-line bg-white px-3 pt-3 pb-[calc(env(safe-area-inset-bottom)+12px)] md:px-4 md:pb-3"
    >
      {disabledReason && (
        <p className="mb-2 rounded-control bg-page px-3 py-2 text-[13px] text-ink-2" id={`${id}-blocked`}>
          {disabledReason}
        </p>
      )}
      <div className="flex items-end gap-2">
        <label htmlFor={id} className="sr-only">
          메시지
        </label>
        <textarea
          id={id}
          value={text}
          rows={1}
          disabled={disabledReason !== null}
          placeholder={disabledReason ? '' : '메시지를 입력하세요 (Enter 보내기, Shift+Enter 줄바꿈)'}
          aria-describedby={[`${id}-count`, over ? `${id}-error` : '', disabledReason ? `${id}-blocked` : ''].filter(Boolean).join(' ')}
          aria-invalid={over || undefined}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          className={`max-h-40 min-h-11 flex-1 resize-none rounded-control border px-3 py-2.5 text-[16px] leading-snug [field-sizing:content] placeholder:text-ink-3 disabled:bg-page ${
            over ? 'border-danger' : 'border-line focus:border-brand'
          }`}
        />
        <button
          type="submit"
          disabled={!ready}
          aria-busy={sending || undefined}
          className="h-11 shrink-0 rounded-control bg-brand px-4 font-semibold text-white hover:bg-brand-hover disabled:cursor-not-allowed disabled:bg-disabled disabled:text-disabled-ink"
        >
          보내기
        </button>
      </div>
      <div className="mt-1 flex justify-between gap-2 text-xs">
        <span id={`${id}-error`} className="text-danger">
          {over ? m.messageTooLong : ''}
        </span>
        <span id={`${id}-count`} className={`num ${over ? 'font-semibold text-danger' : 'text-ink-3'}`}>
          {text.length.toLocaleString('ko-KR')} / {DEAL_MESSAGE_MAX.toLocaleString('ko-KR')}
          <span className="sr-only">자</span>
        </span>
      </div>
    </form>
  );
}
