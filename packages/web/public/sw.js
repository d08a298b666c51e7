/*
 * The app's one service worker, served at /sw.js with scope "/" (registered by
 * src/features/notifications/push-device.ts when push is turned on). Plain script,
 * not built by Vite: its URL must stay the same across deploys, and the server
 * sends it with `Cache-Control: no-cache` so a new version is picked up at once.
 *
 * One file, several parts: each section keeps to its own events. A later section
 * (offline site checks, an installable app) adds its own `fetch` handler and caches
 * below; it must not change the push section's behaviour.
 */

/* ── Lifecycle ──────────────────────────────────────────────────────────────
 * A new version takes over at once: the push section keeps no state that an
 * older page depends on. A section with caches cleans its own old ones in
 * `activate` (with its own listener). */
self.addEventListener('install', () => {
  self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/* ── Push notifications (spec platform §14.4) ──────────────────────────────
 * The server sends JSON {id, kind, title, body, url, target} encrypted per
 * RFC 8291; the browser decrypts it before this event. A click opens `url` (an
 * in-app path) in an open window of the app if there is one, else a new one. */

/** Only a path of this app: never another origin (`//host`, `https:`...). */
function appPath(value) {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : '/notifications';
}

function pushMessage(event) {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  if (data === null || typeof data !== 'object') data = {};
  return {
    title: typeof data.title === 'string' && data.title ? data.title : 'Notification',
    options: {
      body: typeof data.body === 'string' ? data.body : '',
      // One notification per stored notification: a retried push replaces, never doubles.
      tag: typeof data.id === 'string' ? data.id : undefined,
      icon: '/favicon.svg',
      badge: '/favicon.svg',
      data: { url: appPath(data.url), id: typeof data.id === 'string' ? data.id : null },
    },
  };
}

self.addEventListener('push', (event) => {
  const { title, options } = pushMessage(event);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = appPath(event.notification.data && event.notification.data.url);
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        if (open.url === target) return;
        try {
          await open.navigate(target);
          return;
        } catch {
          // navigate() needs a window this worker controls: a page opened before it gets a new window.
        }
      }
      await self.clients.openWindow(target);
    })(),
  );
});

/* ── Offline and install (reserved) ────────────────────────────────────────
 * Not here yet: the installable app's caches and `fetch` handler go in this
 * section. Until then the worker has no `fetch` listener, so every request
 * goes to the network as without a service worker. */
