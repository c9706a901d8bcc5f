/*
 * Hashed assets straight from the precache, without running the service worker (issue 20). Workbox's
 * generated sw.js imports this file (vite.config.ts `workbox.importScripts`).
 *
 * Every file under assets/ carries a content hash and is precached by Workbox under its plain URL. Through
 * the fetch handler, each of the thirty-odd modules a page loads at start waits for the worker's one thread
 * (started, then one Cache Storage lookup per request): on a busy phone that took longer than loading them
 * from the HTTP cache. Chromium's static routing (`InstallEvent.addRoutes`, Chromium 123+) serves them from
 * the precache itself; a file the precache lacks goes to the network. Browsers without it keep using the
 * fetch handler, as before.
 */
self.addEventListener('install', (event) => {
  if (typeof event.addRoutes !== 'function') return;
  const scope = self.registration.scope;
  try {
    // Workbox's precache: `workbox-precache-v2-<scope>` (workbox-core cacheNames).
    const rule = {
      condition: {
        urlPattern: new URLPattern({ pathname: `${new URL(scope).pathname}assets/*`, baseURL: scope }),
        requestMethod: 'GET',
      },
      source: { cacheName: `workbox-precache-v2-${scope}` },
    };
    event.addRoutes(rule).catch(() => undefined);
  } catch {
    // A rule this browser does not understand: the fetch handler serves these files.
  }
});
