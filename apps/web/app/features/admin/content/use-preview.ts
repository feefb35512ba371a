import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { previewContent } from './content-api';

export const PREVIEW_DEBOUNCE_MS = 400;

export type Preview =
  | { state: 'empty' }
  | { state: 'loading'; html: string }
  | { state: 'done'; html: string }
  | { state: 'failed'; message: string };

/** The body as members will see it, asked of the API once typing pauses; the last answer stays while the next loads. */
export function usePreview(body: string): Preview {
  const [preview, setPreview] = useState<Preview>({ state: 'empty' });
  useEffect(() => {
    if (!body.trim()) return setPreview({ state: 'empty' });
    setPreview((p) => ({ state: 'loading', html: p.state === 'done' || p.state === 'loading' ? p.html : '' }));
    const controller = new AbortController();
    const timer = setTimeout(() => {
      previewContent(body, controller.signal)
        .then((r) => setPreview({ state: 'done', html: r.bodyHtml }))
        .catch((e) => {
          if (controller.signal.aborted) return;
          const why = e instanceof ApiError ? e.fields?.body : undefined;
          setPreview({
            state: 'failed',
            message: why ? `미리보기를 만들지 못했습니다: ${why}` : '미리보기를 만들지 못했습니다. 저장에는 영향이 없습니다.',
          });
        });
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [body]);
  return preview;
}
