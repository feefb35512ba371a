// Hidden under STICKY_QR_MIN_WIDTH (1620 px) with the matching Tailwind breakpoint below.
import { STICKY_QR_SCROLL_PX } from '@beesang/contract';
import { useEffect, useState } from 'react';

function useScrollY() {
  const [y, setY] = useState(0);
  useEffect(() => {
    const onScroll = () => setY(window.scrollY);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return y;
}

/** Scroll-to-top button (after any scroll) and the sticky app QR card (after 260 px, wide screens only). */
export function FloatingWidgets({ qrSvg }: { qrSvg: string }) {
  const y = useScrollY();
  return (
    <>
      {y > STICKY_QR_SCROLL_PX && (
        <aside
          aria-label="앱 다운로드"
          className="fixed top-24 right-6 z-30 hidden w-40 rounded-card bg-white p-4 text-center shadow-lg ring-1 ring-line min-[1620px]:block"
        >
          <div className="mx-auto size-28" dangerouslySetInnerHTML={{ __html: qrSvg }} />
          <p className="mt-2 text-xs font-semibold text-ink-2">QR을 찍고 비상 앱을 받아보세요</p>
        </aside>
      )}
      {y > 0 && (
        <button
          type="button"
          aria-label="맨 위로"
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
          className="fixed right-6 bottom-6 z-30 flex size-12 items-center justify-center rounded-full bg-white shadow-lg ring-1 ring-line hover:bg-page max-sm:bottom-20"
        >
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6 14l6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      )}
    </>
  );
}
