/*
 * Beesang's service worker (issue 23): Web Push only. It caches nothing and handles no fetch, so
 * the site behaves exactly as without it. The server's push (apps/api notification/push
 * web-push.channel.ts) is JSON: { title, body, url, tag, notificationId, kind }.
 */

const FALLBACK_TITLE = '비상';

/** A path on this site, never another origin: a push names where it is about, and a press goes only there. */
function sameOriginUrl(url) {
  try {
    const target = new URL(typeof url === 'string' && url ? url : '/', self.location.origin);
    return target.origin === self.location.origin ? target.href : `${self.location.origin}/`;
  } catch {
    return `${self.location.origin}/`;
  }
}

function readPush(event) {
  if (!event.data) return {};
  try {
    const value = event.data.json();
    return value && typeof value === 'object' ? value : {};
  } catch {
    return { body: event.data.text() };
  }
}

self.addEventListener('install', () => {
  // A new version takes over at once: it holds no state that an old page could depend on.
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  const message = readPush(event);
  const title = typeof message.title === 'string' && message.title ? message.title : FALLBACK_TITLE;
  const options = {
    body: typeof message.body === 'string' ? message.body : '',
    lang: 'ko',
    data: { url: sameOriginUrl(message.url), notificationId: message.notificationId ?? null },
  };
  // The same notification delivered twice (a retried delivery) replaces itself instead of showing twice.
  if (typeof message.tag === 'string' && message.tag) options.tag = message.tag;
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = sameOriginUrl(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // A tab of the site already open: bring it forward on the page the push is about.
      for (const client of windows) {
        if (new URL(client.url).origin !== self.location.origin) continue;
        const focused = await client.focus();
        if (client.url !== url && 'navigate' in focused) await focused.navigate(url).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
