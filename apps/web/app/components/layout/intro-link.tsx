import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * 서비스 소개 (spec §2 calls it an external link): INTRO_URL opens in a new tab, without handing
 * that page our window; with none set, the site's own /intro in the same tab (decision 0020).
 */
export function IntroLink({
  url,
  className,
  role,
  children,
}: {
  url: string | null;
  className: string;
  role?: 'menuitem';
  children: ReactNode;
}) {
  if (!url) {
    return (
      <Link to="/intro" role={role} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={url} target="_blank" rel="noopener" role={role} className={className}>
      {children}
      <span className="sr-only"> (새 창)</span>
    </a>
  );
}
