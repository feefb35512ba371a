import { type ContentSummary, formatDate } from '@beesang/contract';
import { Link } from 'react-router';

/** A list of posts (notices, events, news, market reports). */
export function ContentList({ items, basePath }: { items: ContentSummary[]; basePath: string }) {
  if (items.length === 0) return <p className="py-10 text-center text-ink-3">등록된 글이 없습니다.</p>;
  return (
    <ul className="divide-y divide-line">
      {items.map((item) => (
        <li key={item.id}>
          <Link to={`${basePath}/${item.id}`} className="block py-4 hover:bg-page sm:px-2">
            <p className="font-semibold">
              {item.pinned && <span className="mr-2 rounded bg-brand/10 px-1.5 py-0.5 text-xs font-bold text-brand">중요</span>}
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
