import { adminContentBody } from '@beesang/contract';
import { fromKstInput, toKstInput } from '../shared/kst';
import { schemaErrors } from '../shared/schema-errors';
import type { AdminContentRow, ContentInput } from './content-api';

/** What the editor holds: the form exactly as typed, kept through failed saves. */
export interface ContentDraft {
  title: string;
  body: string;
  imageUrl: string;
  /** 'now' publishes at the moment of saving; 'at' at `publishAt` (Seoul wall time). */
  when: 'now' | 'at';
  publishAt: string;
  published: boolean;
}
export type DraftErrors = Partial<Record<'title' | 'body' | 'imageUrl' | 'publishAt', string>>;

export const newDraft = (now: number): ContentDraft => ({
  title: '',
  body: '',
  imageUrl: '',
  when: 'now',
  publishAt: toKstInput(now),
  published: true,
});

export const draftOf = (row: AdminContentRow): ContentDraft => ({
  title: row.title,
  body: row.body,
  imageUrl: row.thumbnailUrl,
  when: 'at',
  publishAt: toKstInput(row.publishedAt),
  published: row.published,
});

/** The request body of a draft, or the errors to show under its fields (the contract's rules and words). */
export function draftInput(d: ContentDraft, now: number): { input: ContentInput } | { errors: DraftErrors } {
  const publishAt = d.when === 'now' ? new Date(now).toISOString() : fromKstInput(d.publishAt);
  if (d.when === 'at' && !publishAt) return { errors: { publishAt: '게시 일시를 입력해주세요.' } };
  const parsed = adminContentBody.safeParse({ title: d.title, body: d.body, imageUrl: d.imageUrl, publishAt, published: d.published });
  if (!parsed.success) return { errors: schemaErrors(parsed.error) };
  return { input: { ...parsed.data, imageUrl: parsed.data.imageUrl ?? '' } };
}

/** What saving will do, for the button and the notice. */
export function saveLabel(d: ContentDraft, now: number): string {
  if (!d.published) return '임시저장';
  const at = d.when === 'now' ? now : Date.parse(fromKstInput(d.publishAt) ?? '');
  return at > now ? '예약 저장' : '저장하고 게시';
}
