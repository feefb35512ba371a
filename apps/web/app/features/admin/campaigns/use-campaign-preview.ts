import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { type CampaignInput, type CampaignPreview, previewCampaign } from './campaign-api';

export const PREVIEW_DEBOUNCE_MS = 400;

export type Preview =
  | { state: 'empty' }
  | { state: 'loading'; last: CampaignPreview | null }
  | { state: 'done'; preview: CampaignPreview; for: string }
  | { state: 'failed'; message: string };

const keyOf = (input: CampaignInput) => JSON.stringify([input.title.trim(), input.body.trim(), input.url.trim()]);

/**
 * The campaign as members will read it and whom it reaches, asked of the API once typing pauses
 * (a title and a body are needed); the last answer stays while the next loads.
 */
export function useCampaignPreview(input: CampaignInput): Preview {
  const [preview, setPreview] = useState<Preview>({ state: 'empty' });
  // The input as one string: the effect runs when what would be sent changes, not on every render.
  const key = keyOf(input);
  useEffect(() => {
    const [title, body, url] = JSON.parse(key) as [string, string, string];
    if (!title || !body) return setPreview({ state: 'empty' });
    setPreview((p) => ({ state: 'loading', last: p.state === 'done' ? p.preview : p.state === 'loading' ? p.last : null }));
    const controller = new AbortController();
    const timer = setTimeout(() => {
      previewCampaign({ title, body, url }, controller.signal)
        .then((r) => setPreview({ state: 'done', preview: r, for: key }))
        .catch((e) => {
          if (controller.signal.aborted) return;
          setPreview({ state: 'failed', message: e instanceof ApiError ? e.message : '미리보기를 불러오지 못했습니다.' });
        });
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);
  return preview;
}
