import { useId } from 'react';
import { CONTROL } from '../shared/field';
import type { ContentDraft } from './content-draft';

/** When it appears (now, or a Seoul date-time that may schedule it) and whether it is published at all. */
export function PublishFields(props: { draft: ContentDraft; onChange(patch: Partial<ContentDraft>): void; error?: string | undefined }) {
  const id = useId();
  const { draft, onChange, error } = props;
  const radio = 'inline-flex items-center gap-1.5 text-sm';
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <fieldset>
        <legend className="mb-1 text-sm font-semibold text-ink-2">게시 시각 (한국 시간)</legend>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <label className={radio}>
            <input
              type="radio"
              name={`${id}-when`}
              className="size-4"
              checked={draft.when === 'now'}
              onChange={() => onChange({ when: 'now' })}
            />
            지금
          </label>
          <label className={radio}>
            <input
              type="radio"
              name={`${id}-when`}
              className="size-4"
              checked={draft.when === 'at'}
              onChange={() => onChange({ when: 'at' })}
            />
            시각 지정
          </label>
        </div>
        {draft.when === 'at' && (
          <div className="mt-2">
            <label htmlFor={`${id}-at`} className="sr-only">
              게시 일시
            </label>
            <input
              id={`${id}-at`}
              type="datetime-local"
              className={CONTROL}
              value={draft.publishAt}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : `${id}-hint`}
              onChange={(e) => onChange({ publishAt: e.target.value })}
            />
            <p id={`${id}-hint`} className="mt-1 text-xs text-ink-3">
              미래 시각이면 그때 게시되도록 예약됩니다.
            </p>
          </div>
        )}
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm text-danger">
            {error}
          </p>
        )}
      </fieldset>
      <div>
        <p className="mb-1 text-sm font-semibold text-ink-2">공개</p>
        <label className="inline-flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4"
            checked={draft.published}
            aria-describedby={`${id}-published`}
            onChange={(e) => onChange({ published: e.target.checked })}
          />
          게시
        </label>
        <p id={`${id}-published`} className="mt-1 text-xs text-ink-3">
          끄면 임시저장: 회원에게 보이지 않습니다.
        </p>
      </div>
    </div>
  );
}
