import type { ContentKind } from '@beesang/contract';

/** Where each kind of post lives on the site, and its page title (spec §2). */
export const CONTENT_PAGES: Record<ContentKind, { path: string; title: string; description: string }> = {
  notice: { path: '/notice', title: '공지사항', description: '비상 서비스 공지사항' },
  event: { path: '/event', title: '이벤트', description: '비상에서 진행 중인 이벤트' },
  news: { path: '/unlisted/news', title: '뉴스', description: '비상장 기업 뉴스' },
  market: { path: '/unlisted/market', title: '시황', description: '비상장 주식 시장 동향과 리포트' },
};

export function contentKindOf(pathname: string): ContentKind {
  if (pathname.startsWith('/notice')) return 'notice';
  if (pathname.startsWith('/event')) return 'event';
  if (pathname.startsWith('/unlisted/news')) return 'news';
  return 'market';
}

export function rootOrigin(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): string {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { origin?: string } | undefined;
  return root?.origin ?? '';
}
