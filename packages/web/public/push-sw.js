/*
 * Web Push for the portal's service worker (issue 19): imported by the sw.js Workbox generates
 * (pwa.config.ts, workbox.importScripts). The portal sends JSON {title, body, url, tag}; a click
 * focuses a portal tab already open (and takes it to the url) or opens one.
 */
self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch (error) {
    // A payload that is not JSON still says something rather than nothing.
    console.error('[push] a message that is not JSON', error);
    message = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof message.title === 'string' && message.title ? message.title : 'Portal';
  const url = typeof message.url === 'string' && message.url ? message.url : './#/alarmes';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      tag: typeof message.tag === 'string' ? message.tag : undefined,
      icon: 'icons/icon-192.png',
      badge: 'icons/icon-192.png',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || './#/alarmes', self.registration.scope).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const scope = self.registration.scope;
      const open = windows.find((client) => client.url.startsWith(scope));
      if (open) {
        await open.focus();
        if (open.url !== target && 'navigate' in open) await open.navigate(target);
        return;
      }
      await self.clients.openWindow(target);
    }),
  );
});
