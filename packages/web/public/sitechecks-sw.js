/*
 * Site checks' offline service worker (spec platform §14.1, "Web"; issue 31). Its own file and its
 * own scope, `/sitechecks`: it controls the site checks' pages only, so the app's other service
 * workers (web push, at scope `/`) stay separate; a push subscription belongs to the registration
 * that made it, whichever worker controls the page.
 *
 * - The app shell: a navigation is fetched from the network, and the cached shell (index.html)
 *   answers when there is none. Built assets (`/assets/`, content-hashed) are answered from the
 *   cache, else fetched and kept. The page hands over the assets it has loaded
 *   (`{type: 'cache-urls'}`), so what the shell and the site check pages need is kept at once.
 * - The API: GETs are fetched from the network and kept; without a network the kept answer is
 *   used, so today's runs and a run's steps open offline. Answers are kept per signed-in token
 *   (its SHA-256 in the cache key), so another person on the same phone never sees them.
 *   Writes (POST) are never touched: answers given offline wait in the page's IndexedDB queue.
 */
const SHELL_CACHE = 'sitechecks-shell-v1';
const API_CACHE = 'sitechecks-api-v1';
const SHELL_URL = '/';
// Event streams and their tokens; writes are never cached anyway (GETs only).
const NEVER_CACHED = ['/api/notifications/stream'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll([SHELL_URL, '/manifest.webmanifest', '/favicon.svg', '/zod-config.js']))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('sitechecks-') && name !== SHELL_CACHE && name !== API_CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'cache-urls' || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((url) => typeof url === 'string' && new URL(url, self.location.origin).pathname.startsWith('/assets/'));
  event.waitUntil(
    caches.open(SHELL_CACHE).then(async (cache) => {
      for (const url of urls) if (!(await cache.match(url))) await cache.add(url).catch(() => undefined);
    }),
  );
});

async function tokenKey(request) {
  const auth = request.headers.get('Authorization') || '';
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(auth));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

async function apiNetworkFirst(request) {
  const url = new URL(request.url);
  url.searchParams.set('__sw_user', await tokenKey(request));
  const key = url.toString();
  const cache = await caches.open(API_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw error;
  }
}

async function navigation(request) {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(SHELL_URL, response.clone());
    return response;
  } catch (error) {
    const shell = await cache.match(SHELL_URL);
    if (shell) return shell;
    throw error;
  }
}

async function asset(request) {
  const cache = await caches.open(SHELL_CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigation(request));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(asset(request));
  } else if (url.pathname.startsWith('/api/') && !NEVER_CACHED.some((prefix) => url.pathname.startsWith(prefix)) && !url.searchParams.has('format')) {
    event.respondWith(apiNetworkFirst(request));
  }
});
