import { Link } from 'react-router';

/** Page links that keep the rest of the query string. */
export function Pagination({ page, total, size, search }: { page: number; total: number; size: number; search: URLSearchParams }) {
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  const start = Math.max(1, Math.min(page - 2, pages - 4));
  const numbers = Array.from({ length: Math.min(5, pages) }, (_, i) => start + i);
  const href = (p: number) => {
    const next = new URLSearchParams(search);
    next.set('page', String(p));
    return `?${next.toString()}`;
  };
  const base = 'flex h-9 min-w-9 items-center justify-center rounded-control px-2 text-sm num';
  return (
    <nav aria-label="페이지" className="mt-6 flex items-center justify-center gap-1">
      {page > 1 && (
        <Link to={href(page - 1)} className={`${base} text-ink-2 hover:bg-white`} aria-label="이전 페이지">
          ‹
        </Link>
      )}
      {numbers.map((n) => (
        <Link
          key={n}
          to={href(n)}
          aria-current={n === page ? 'page' : undefined}
          className={`${base} ${n === page ? 'bg-ink font-bold text-white' : 'text-ink-2 hover:bg-white'}`}
        >
          {n}
        </Link>
      ))}
      {page < pages && (
        <Link to={href(page + 1)} className={`${base} text-ink-2 hover:bg-white`} aria-label="다음 페이지">
          ›
        </Link>
      )}
    </nav>
  );
}
