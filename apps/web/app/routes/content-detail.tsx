import { formatDate, formatDateTime } from '@beesang/contract';
import { Link } from 'react-router';
import { RICH_TEXT } from '../components/ui/rich-text';
import { CONTENT_PAGES, contentKindOf, rootOrigin } from '../lib/content-kinds';
import { pageMeta } from '../lib/seo';
import { pageRead } from '../lib/server-context';
import { SAME_FOR_MEMBERS } from '../lib/session';
import type { Route } from './+types/content-detail';

// What a member sees here is what a visitor sees: the shared page needs no second read for them (issue 24).
export const handle = SAME_FOR_MEMBERS;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const kind = contentKindOf(new URL(request.url).pathname);
  if (!/^\d{1,9}$/.test(params.id)) throw new Response('Not Found', { status: 404 });
  const id = Number(params.id);
  const post = await pageRead(context, (reads) => reads.contentDetail(kind, id));
  return { kind, post };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  loaderData
    ? pageMeta({
        title: `${loaderData.post.title} - ${CONTENT_PAGES[loaderData.kind].title}`,
        description: loaderData.post.summary,
        path: location.pathname,
        origin: rootOrigin(matches),
      })
    : [];

export default function ContentDetailPage({ loaderData }: Route.ComponentProps) {
  const { kind, post } = loaderData;
  const page = CONTENT_PAGES[kind];
  return (
    <article className="mx-auto max-w-[800px] rounded-card bg-white p-6 ring-1 ring-line sm:p-8">
      <Link to={page.path} className="text-sm font-semibold text-brand">
        {page.title}
      </Link>
      <h1 className="mt-2 text-2xl leading-snug font-bold">{post.title}</h1>
      <p className="num mt-2 text-sm text-ink-3">
        {formatDateTime(post.publishedAt)}
        {post.source && ` · ${post.source}`}
      </p>
      {kind === 'event' && post.eventStartsAt && post.eventEndsAt && (
        <p className="num mt-3 rounded-control bg-page px-3 py-2 text-sm">
          이벤트 기간 {formatDate(post.eventStartsAt)} ~ {formatDate(post.eventEndsAt)}
        </p>
      )}
      {/* Markdown rendered and sanitised by the API (an allow-list of tags; links nofollow, images our own). */}
      <div
        data-testid="content-body"
        className={`mt-6 border-t border-line pt-6 ${RICH_TEXT}`}
        dangerouslySetInnerHTML={{ __html: post.bodyHtml }}
      />
      <nav aria-label="이전 글과 다음 글" className="mt-8 flex justify-between gap-3 border-t border-line pt-4 text-sm">
        {post.prevId ? (
          <Link to={`${page.path}/${post.prevId}`} className="font-medium text-ink-2 hover:text-ink">
            ‹ 최신 글
          </Link>
        ) : (
          <span />
        )}
        <Link to={page.path} className="font-medium text-ink-2 hover:text-ink">
          목록
        </Link>
        {post.nextId ? (
          <Link to={`${page.path}/${post.nextId}`} className="font-medium text-ink-2 hover:text-ink">
            이전 글 ›
          </Link>
        ) : (
          <span />
        )}
      </nav>
    </article>
  );
}
