import { type ContentKind, type ContentSummary, formatDate } from '@beesang/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ListEmpty } from '../../components/ui/list-state';

/** What an empty list of each kind says (issue 14 §1). */
export const CONTENT_EMPTY: Record<ContentKind, string> = {
  notice: '아직 등록된 공지사항이 없습니다.',
  event: '아직 등록된 이벤트가 없습니다.',
  news: '아직 등록된 뉴스가 없습니다.',
  market: '아직 등록된 시황이 없습니다.',
};

/** What a list of each kind says when it could not be read. */
export const CONTENT_FAILED: Record<ContentKind, string> = {
  notice: '공지사항을 불러오지 못했습니다.',
  event: '이벤트를 불러오지 못했습니다.',
  news: '뉴스를 불러오지 못했습니다.',
  market: '시황을 불러오지 못했습니다.',
};

/** A list of posts (notices, events, news, market reports); `empty` replaces the kind's sentence. */
export function ContentList(props: {
  items: ContentSummary[];
  basePath: string;
  kind: ContentKind;
  empty?: ReactNode;
  size?: 'regular' | 'compact';
}) {
  const { items, basePath } = props;
  if (items.length === 0)
    return (
      props.empty ?? (
        <ListEmpty size={props.size} hint={props.size === 'compact' ? undefined : '새 글이 올라오면 이곳에 보입니다.'}>
          {CONTENT_EMPTY[props.kind]}
        </ListEmpty>
      )
    );
  return (
    <ul className="divide-y divide-line">
      {items.map((item) => (
        <li key={item.id}>
          <Link to={`${basePath}/${item.id}`} className="block py-4 hover:bg-page sm:px-2">
            <p className="font-semibold">
              {item.pinned && <span className="mr-2 rounded bg-brand/10 px-1.5 py-0.5 text-xs font-bold text-brand-hover">중요</span>}
              {item.title}
            </p>
            <p className="mt-1 line-clamp-1 text-sm text-ink-2">{item.summary}</p>
            <p className="num mt-1 text-xs text-ink-3">
              {item.kind === 'event' && item.eventStartsAt && item.eventEndsAt
                ? `${formatDate(item.eventStartsAt)} ~ ${formatDate(item.eventEndsAt)}`
                : formatDate(item.publishedAt)}
              {item.source && ` · ${item.source}`}
            </p>
          </Link>
        </li>
      ))}
    </ul>
  );
}
