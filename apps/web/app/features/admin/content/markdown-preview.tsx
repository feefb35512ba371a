import { RICH_TEXT } from '../../../components/ui/rich-text';
import { usePreview } from './use-preview';

/** The live preview beside the editor: the API's sanitised HTML, styled as the public post page. */
export function MarkdownPreview({ title, body }: { title: string; body: string }) {
  const preview = usePreview(body);
  return (
    <section aria-labelledby="preview-title" className="min-w-0 rounded-card bg-white p-5 ring-1 ring-line">
      <div className="flex items-center justify-between gap-2">
        <h2 id="preview-title" className="text-sm font-semibold text-ink-2">
          미리보기
        </h2>
        <span aria-live="polite" className="text-xs text-ink-3">
          {preview.state === 'loading' ? '갱신 중…' : ''}
        </span>
      </div>
      <p className="mt-3 text-xl leading-snug font-bold break-words">{title.trim() || <span className="text-ink-3">제목 없음</span>}</p>
      <div className="mt-4 border-t border-line pt-4">
        {preview.state === 'empty' && <p className="text-sm text-ink-3">본문을 입력하면 회원에게 보일 모습이 여기에 나타납니다.</p>}
        {preview.state === 'failed' && <p className="text-sm text-danger">{preview.message}</p>}
        {(preview.state === 'done' || preview.state === 'loading') && (
          <div data-testid="content-preview" className={RICH_TEXT} dangerouslySetInnerHTML={{ __html: preview.html }} />
        )}
      </div>
    </section>
  );
}
