import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Reports every route change to our first-party analytics (spec §2). */
export function usePageViews() {
  const { pathname } = useLocation();
  useEffect(() => {
    const body = JSON.stringify({ path: pathname, referrer: document.referrer || undefined });
    const blob = new Blob([body], { type: 'application/json' });
    if (!navigator.sendBeacon?.('/api/analytics/page-view', blob)) {
      void fetch('/api/analytics/page-view', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
        keepalive: true,
      }).catch(() => {});
    }
  }, [pathname]);
}
