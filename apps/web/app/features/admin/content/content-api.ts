import type { AdminContentRow, ContentKind } from '@beesang/contract';
import { apiFetch } from '../../../lib/api-client';
import { deleteJson, patchJson, postJson } from '../shared/admin-fetch';

export type { AdminContentRow } from '@beesang/contract';
export type ContentState = AdminContentRow['state'];

/** The body of a create; a patch sends any part of it. */
export interface ContentInput {
  title: string;
  body: string;
  imageUrl: string;
  publishAt?: string;
  published: boolean;
}

export const CONTENT_TABS: ReadonlyArray<{ value: ContentKind; label: string }> = [
  { value: 'notice', label: '공지' },
  { value: 'event', label: '이벤트' },
  { value: 'news', label: '뉴스' },
  { value: 'market', label: '시황' },
];

export const createContent = (kind: ContentKind, body: ContentInput) => postJson<{ id: number }>(`/api/admin/content/${kind}`, body);
export const updateContent = (kind: ContentKind, id: number, body: Partial<ContentInput>) =>
  patchJson<true>(`/api/admin/content/${kind}/${id}`, body);
export const deleteContent = (kind: ContentKind, id: number) => deleteJson<true>(`/api/admin/content/${kind}/${id}`);

/** The Markdown as members will read it: the public pages' renderer and sanitiser. */
export const previewContent = (body: string, signal?: AbortSignal) =>
  apiFetch<{ bodyHtml: string }>('/api/admin/content/preview', { method: 'POST', body: JSON.stringify({ body }), signal });
