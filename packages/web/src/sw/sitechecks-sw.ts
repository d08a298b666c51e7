/// <reference lib="webworker" />
/*
 * Site checks' offline service worker (spec platform §14.1, "Web"; docs/decisions.md, "Site checks
 * offline: Workbox and idb"). Built by vite-plugin-pwa (`injectManifest`) into
 * `dist/sitechecks-sw.js`, registered by the site check pages with scope `/sitechecks`: it controls
 * those pages only, so the web push worker (`public/sw.js`, scope `/`) stays separate; a push
 * subscription belongs to the registration that made it, whichever worker controls the page.
 *
 * - The shell is precached: index.html, the built assets and the app's icons, with the revisions
 *   the build wrote into the manifest, so the pages open offline even on a phone that never
 *   loaded some of their chunks, and a new deploy replaces exactly what changed.
 * - A navigation goes to the network first (index.html carries runtime settings and is `no-cache`);
 *   without a network the precached shell answers.
 * - API GETs go to the network first and are kept; offline the kept answer is used, so today's
 *   runs and a run's steps open without a connection. They are kept per signed-in token (its
 *   SHA-256 in the cache key), so another person on the same phone never sees them. Writes are
 *   never touched: answers given offline wait in the page's IndexedDB queue (answer-store.ts).
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

/** The answers kept per signed-in token (the e2e suite reads this cache by name). */
const API_CACHE = 'sitechecks-api-v1';
/** Event streams are never kept; downloads (`format=`) are files, not page data. */
const NEVER_CACHED = ['/api/notifications/stream'];
/** The hand-written worker's cache before Workbox (its assets are precached now). */
const RETIRED_CACHES = ['sitechecks-shell-v1'];

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all(RETIRED_CACHES.map((name) => caches.delete(name))));
});

async function tokenKey(request: Request): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(request.headers.get('Authorization') ?? ''));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Keys each kept answer by the caller's token, never by the URL alone. */
const perSignedInUser: WorkboxPlugin = {
  async cacheKeyWillBeUsed({ request }) {
    const url = new URL(request.url);
    url.searchParams.set('__sw_user', await tokenKey(request));
    return url.toString();
  },
};

registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin &&
    request.method === 'GET' &&
    url.pathname.startsWith('/api/') &&
    !NEVER_CACHED.some((prefix) => url.pathname.startsWith(prefix)) &&
    !url.searchParams.has('format'),
  new NetworkFirst({ cacheName: API_CACHE, plugins: [perSignedInUser] }),
);

registerRoute(
  new NavigationRoute(async ({ request }) => {
    try {
      return await fetch(request);
    } catch (error) {
      const shell = await matchPrecache('/index.html');
      if (shell) return shell;
      throw error;
    }
  }),
);
