/*
 * Web Push in the service worker (docs/design/push.md). Workbox's generated sw.js imports this file
 * (vite.config.ts `workbox.importScripts`): a same-origin file, no inline script, so it works under a strict CSP.
 *
 * A push carries JSON { kind, title, body, tag, url, count? } (packages/shared/src/api/push.ts). A tap
 * focuses an open window of the app and asks it to open `url` (SPEC §4: after 1.5 s), or opens a new window
 * at that route.
 */
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'ChatPay';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      // A newer push of the same chat replaces the notification and alerts again.
      renotify: typeof data.tag === 'string' && data.silent !== true,
      icon: 'icon-192.png',
      badge: 'icon-192.png',
      // The member turned the sound off in Settings: no sound, no vibration.
      silent: data.silent === true,
      data: { url: typeof data.url === 'string' ? data.url : '' },
    }),
  );
});

/** Only routes of this app: `#/pages/...` and `#/uni_modules/...` (complaints, feedback). */
const routeOf = (url) =>
  typeof url === 'string' && /^#\/(pages|uni_modules)\/[\w/-]+(\?[\w=&%.-]*)?$/.test(url) ? url : '';

/**
 * Opens an app route from a tapped notification: asks an open window of the app to go there (it does after
 * 1.5 s, SPEC §4) and brings it to the front, or opens a new window at the route. A function declaration, so
 * browser tests can run what a tap runs (a notification cannot be clicked from a test).
 */
async function openPushRoute(url) {
  const route = routeOf(url);
  const scope = self.registration.scope;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => w.url.startsWith(scope));
  if (open) {
    if (route) open.postMessage({ type: 'push-open', url: route });
    // Focusing needs the tap's user activation; without one (a test) the message above still went out.
    await open.focus().catch(() => undefined);
    return;
  }
  await self.clients.openWindow(scope + route);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openPushRoute(event.notification.data?.url));
});
