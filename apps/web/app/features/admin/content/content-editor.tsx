import type { ContentKind } from '@beesang/contract';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Form } from '../../../components/ui/form';
import { ImageUploadField } from '../../../components/ui/image-upload-field';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { CONTROL, Field, TEXTAREA } from '../shared/field';
import { quoted } from '../shared/josa';
import { fieldErrorsOf, useAdminAction } from '../shared/use-admin-action';
import { type AdminContentRow, CONTENT_TABS, createContent, deleteContent, updateContent } from './content-api';
import { type ContentDraft, type DraftErrors, draftInput, draftOf, newDraft, saveLabel } from './content-draft';
import { MarkdownPreview } from './markdown-preview';
import { PublishFields } from './publish-fields';

/**
 * Writes or edits one post: title, Markdown body with a live preview, an optional image, when it
 * appears and whether it is published. A failed save keeps everything typed and says what is wrong.
 */
export function ContentEditor(props: { kind: ContentKind; row: AdminContentRow | null; onClose(): void; clock?: () => number }) {
  const { kind, row, onClose, clock = Date.now } = props;
  const { busy, run } = useAdminAction();
  const [initial] = useState<ContentDraft>(() => (row ? draftOf(row) : newDraft(clock())));
  const [draft, setDraft] = useState<ContentDraft>(initial);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [asking, setAsking] = useState<'delete' | 'discard' | null>(null);
  const form = useRef<HTMLDivElement>(null);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  const change = (patch: Partial<ContentDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const kindText = CONTENT_TABS.find((t) => t.value === kind)?.label ?? '';
  const focusError = () => requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  async function save() {
    const now = clock();
    const found = draftInput(draft, now);
    if ('errors' in found) {
      setErrors(found.errors);
      return focusError();
    }
    setErrors({});
    const label = saveLabel(draft, now);
    const result = await run<unknown>(
      '콘텐츠 저장',
      () => (row ? updateContent(kind, row.id, found.input) : createContent(kind, found.input)),
      {
        done: `‘${found.input.title}’: ${label} 완료`,
      },
    );
    if (result.ok) return onClose();
    setErrors(fieldErrorsOf(result.error));
    focusError();
  }

  async function remove() {
    if (!row) return;
    const result = await run('콘텐츠 삭제', () => deleteContent(kind, row.id), { done: `${quoted(row.title)} 삭제했습니다.` });
    setAsking(null);
    if (result.ok) onClose();
  }

  return (
    <div ref={form} className="mt-4 grid items-start gap-4 lg:grid-cols-2">
      <Form onSubmit={save} aria-labelledby="editor-title" className="space-y-4 rounded-card bg-white p-5 ring-1 ring-line">
        <h2 id="editor-title" className="font-bold">
          {row ? `${kindText} 수정` : `새 ${kindText}`}
        </h2>
        <Field label="제목" error={errors.title}>
          {(c) => (
            <input {...c} className={CONTROL} maxLength={200} value={draft.title} onChange={(e) => change({ title: e.target.value })} />
          )}
        </Field>
        <Field label="본문 (Markdown)" error={errors.body} hint="## 소제목, **굵게**, - 목록, [링크](https://…) 를 쓸 수 있습니다.">
          {(c) => (
            <textarea
              {...c}
              className={`${TEXTAREA} min-h-72 font-mono text-sm`}
              value={draft.body}
              onChange={(e) => change({ body: e.target.value })}
            />
          )}
        </Field>
        <ImageUploadField
          label="대표 이미지 (선택)"
          value={draft.imageUrl}
          onChange={(imageUrl) => change({ imageUrl })}
          error={errors.imageUrl}
        />
        <PublishFields draft={draft} onChange={change} error={errors.publishAt} />
        <div className="flex flex-wrap gap-2 border-t border-line pt-4">
          {row && (
            <Button variant="ghost" size="control" className="text-danger" onClick={() => setAsking('delete')} disabled={busy}>
              삭제
            </Button>
          )}
          <Button variant="ghost" size="control" className="ml-auto" onClick={() => (dirty ? setAsking('discard') : onClose())}>
            목록으로
          </Button>
          <Button type="submit" size="control" disabled={busy}>
            {busy ? '저장 중…' : saveLabel(draft, clock())}
          </Button>
        </div>
      </Form>
      <MarkdownPreview title={draft.title} body={draft.body} />
      <ConfirmDialog
        open={asking === 'delete'}
        title="콘텐츠 삭제"
        confirmLabel="삭제"
        busy={busy}
        onClose={() => setAsking(null)}
        onConfirm={remove}
      >
        <p>{quoted(row?.title ?? '')} 삭제할까요? 회원에게 더 이상 보이지 않고 되돌릴 수 없습니다.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'discard'}
        title="작성 중인 내용"
        confirmLabel="버리고 나가기"
        onClose={() => setAsking(null)}
        onConfirm={onClose}
      >
        <p>저장하지 않은 내용이 있습니다. 버리고 목록으로 돌아갈까요?</p>
      </ConfirmDialog>
    </div>
  );
}
