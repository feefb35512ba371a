import { OPINION_MAX, SanctionState, communityMessages as t, tradeMessages } from '@beesang/contract';
import { type FormEvent, useEffect, useId, useRef } from 'react';
import { Button } from '../../components/ui/button';

/**
 * The write panel: a textarea with a 1,000-character counter, 취소 / 등록. The draft is owned by the
 * caller so that a failed send, a closed panel or a switch of tabs loses nothing typed.
 */
export function OpinionWrite(props: {
  draft: string;
  onDraftChange(text: string): void;
  onSubmit(): void;
  onCancel(): void;
  sending: boolean;
  error: string | null;
  sanctionState: number;
}) {
  const { draft, sending, error } = props;
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const blocked = props.sanctionState >= SanctionState.STOP_DEBATE;
  const empty = draft.trim().length === 0;

  // Opened from the side panel the form may be off screen: bring it in (clear of the sticky header
  // and the phone's bottom button, through the scroll margins), then type.
  useEffect(() => {
    area.current?.focus({ preventScroll: true });
    form.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!empty && !sending && !blocked) props.onSubmit();
  };
  const notice = error ?? (blocked ? tradeMessages.sanctionStopDebate : null);
  return (
    <form
      ref={form}
      onSubmit={submit}
      noValidate
      className="scroll-mt-24 scroll-mb-24 max-lg:scroll-mb-36 rounded-card bg-page p-4 ring-1 ring-line"
      aria-label={t.opinionWrite}
    >
      <div className="mb-1.5 flex items-baseline justify-between">
        <label htmlFor={`${id}-text`} className="text-sm font-semibold text-ink-2">
          {t.opinionWriteLabel}
        </label>
        <span id={`${id}-count`} className={`num text-xs ${draft.length >= OPINION_MAX ? 'text-danger' : 'text-ink-3'}`}>
          {draft.length.toLocaleString('ko-KR')} / {OPINION_MAX.toLocaleString('ko-KR')}
          <span className="sr-only">자</span>
        </span>
      </div>
      <textarea
        ref={area}
        id={`${id}-text`}
        value={draft}
        maxLength={OPINION_MAX}
        rows={4}
        placeholder={t.opinionPlaceholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${notice ? ` ${id}-error` : ''}`}
        onChange={(e) => props.onDraftChange(e.target.value.slice(0, OPINION_MAX))}
        className={`block w-full resize-y rounded-control border bg-white px-3 py-2.5 text-[16px] leading-relaxed placeholder:text-ink-3 ${
          error ? 'border-danger' : 'border-line focus:border-brand'
        }`}
      />
      {notice && (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-danger">
          {notice}
        </p>
      )}
      <div className="mt-3 flex justify-end gap-2">
        <Button variant="ghost" onClick={props.onCancel} className="h-10">
          {t.cancel}
        </Button>
        <Button type="submit" disabled={empty || sending || blocked} aria-busy={sending} className="h-10 min-w-20">
          {t.opinionSubmit}
        </Button>
      </div>
    </form>
  );
}
