import { DEAL_REVIEW_TEXT_MAX, dealMessages as m, messages, REVIEW_TAGS } from '@beesang/contract';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { CountedTextarea } from '../../../components/ui/counted-textarea';
import { Form } from '../../../components/ui/form';
import { Modal } from '../../../components/ui/modal';
import { ApiError, endsSession } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { reviewDeal } from '../shared/deals-api';

const CHOICES = [
  { good: true, label: '좋아요' },
  { good: false, label: '아쉬워요' },
] as const;

/**
 * 후기 남기기 after a confirmed deal (issue 22): 좋아요 or 아쉬워요 (a radio group), the tags that go
 * with that choice (chips, any number), and at most 200 characters. Sent once; the member's page
 * shows it.
 */
export function ReviewDialog(props: { dealId: number | null; counterpart: string; onClose(): void; onReviewed(dealId: number): void }) {
  const { dealId, counterpart, onClose, onReviewed } = props;
  const { notify } = useNotify();
  const [good, setGood] = useState<boolean | null>(null);
  const [tags, setTags] = useState<string[]>([]);
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const [pending, setPending] = useState(false);
  const radios = useRef<Array<HTMLButtonElement | null>>([]);
  const id = useId();

  useEffect(() => {
    if (dealId === null) return;
    setGood(null);
    setTags([]);
    setText('');
    setTried(false);
  }, [dealId]);

  const choose = (next: boolean) => {
    if (next !== good) setTags([]); // the other choice has tags of its own
    setGood(next);
  };
  const onArrows = (e: KeyboardEvent) => {
    if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(e.key)) return;
    e.preventDefault();
    const next = good === null ? 0 : good ? 1 : 0;
    choose(CHOICES[next]?.good ?? true);
    radios.current[next]?.focus();
  };
  const toggle = (tag: string) => setTags((t) => (t.includes(tag) ? t.filter((x) => x !== tag) : [...t, tag]));
  const tooLong = text.length > DEAL_REVIEW_TEXT_MAX;

  const submit = async () => {
    setTried(true);
    if (dealId === null || good === null || tooLong || pending) return;
    setPending(true);
    try {
      await reviewDeal(dealId, { good, tags, text: text.trim() });
      notify('success', '후기 남기기', `${counterpart} 님에게 후기를 남겼어요.`);
      onReviewed(dealId);
      onClose();
    } catch (error) {
      if (endsSession(error)) return;
      notify('error', '후기 남기기', error instanceof ApiError && error.status < 500 ? error.message : messages.genericError);
    } finally {
      setPending(false);
    }
  };

  const tagList = good === null ? [] : good ? REVIEW_TAGS.good : REVIEW_TAGS.bad;
  return (
    <Modal open={dealId !== null} onClose={onClose} title="후기 남기기" width={420}>
      <Form onSubmit={submit} className="space-y-5">
        <p className="text-[15px] text-ink-2">{counterpart} 님과의 거래는 어땠나요?</p>
        <div>
          <div
            role="radiogroup"
            aria-label="거래 평가"
            aria-describedby={tried && good === null ? `${id}-choice-error` : undefined}
            className="grid grid-cols-2 gap-2"
            onKeyDown={onArrows}
          >
            {CHOICES.map((c, i) => {
              const on = good === c.good;
              return (
                <button
                  key={c.label}
                  ref={(el) => {
                    radios.current[i] = el;
                  }}
                  type="button"
                  role="radio"
                  aria-checked={on}
                  tabIndex={on || (good === null && i === 0) ? 0 : -1}
                  onClick={() => choose(c.good)}
                  className={`h-12 rounded-control text-[15px] font-bold ring-1 transition-colors ${
                    on
                      ? c.good
                        ? 'bg-brand/10 text-brand-hover ring-brand'
                        : 'bg-rise/10 text-rise-ink ring-rise'
                      : 'text-ink-2 ring-line hover:bg-page'
                  }`}
                >
                  {c.label}
                </button>
              );
            })}
          </div>
          {tried && good === null && (
            <p id={`${id}-choice-error`} className="mt-1 text-sm text-danger">
              {m.reviewGoodRequired}
            </p>
          )}
        </div>
        {good !== null && (
          <fieldset>
            <legend className="mb-2 text-sm font-semibold text-ink-2">어떤 점이 {good ? '좋았나요' : '아쉬웠나요'}? (선택)</legend>
            <div className="flex flex-wrap gap-2">
              {tagList.map((tag) => {
                const on = tags.includes(tag);
                return (
                  <button
                    key={tag}
                    type="button"
                    aria-pressed={on}
                    onClick={() => toggle(tag)}
                    className={`min-h-9 rounded-full px-3 text-[13px] font-semibold ring-1 transition-colors ${
                      on ? 'bg-ink text-white ring-ink' : 'bg-white text-ink-2 ring-line hover:bg-page'
                    }`}
                  >
                    {tag}
                  </button>
                );
              })}
            </div>
          </fieldset>
        )}
        <CountedTextarea
          label="후기 (선택)"
          value={text}
          onValue={setText}
          max={DEAL_REVIEW_TEXT_MAX}
          error={tooLong ? m.reviewTextTooLong : undefined}
          rows={3}
        />
        <Button type="submit" full disabled={pending} aria-busy={pending || undefined}>
          후기 보내기
        </Button>
      </Form>
    </Modal>
  );
}
