import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * 서비스 소개 (spec §2 calls it an external link): INTRO_URL opens in a new tab, without handing
 * that page our window; with none set, the site's own /intro in the same tab (decision 0020).
 * Other props (a menu item's role, handlers and ref) go to the link itself.
 */
export function IntroLink({
  url,
  children,
  ...rest
}: { url: string | null; className: string; children: ReactNode } & Omit<ComponentProps<'a'>, 'href' | 'children'>) {
  if (!url) {
    return (
      <Link to="/intro" {...rest}>
        {children}
      </Link>
    );
  }
  return (
    <a href={url} target="_blank" rel="noopener" {...rest}>
      {children}
      <span className="sr-only"> (새 창)</span>
    </a>
  );
}
