import type { VitePWAOptions } from 'vite-plugin-pwa';
import { API_CACHE } from './src/offline/cacheNames.ts';

/**
 * The installable app (issue 18, offline entry in the shed): a manifest, and a service worker
 * (Workbox, generated at build) that keeps the app shell and every screen's chunk, so a reload
 * without signal still shows the portal, and the last answers of the API's reads, so the screens
 * a grower had open show what they showed. Registered by src/offline/serviceWorker.ts, after the
 * first paint (no registration code in the first screen's scripts).
 */

export const pwaOptions: Partial<VitePWAOptions> = {
  // The app registers it itself after the first paint (src/offline/serviceWorker.ts), without workbox-window.
  injectRegister: false,
  registerType: 'autoUpdate',
  includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
  manifest: {
    name: 'Portal de Pesagem',
    short_name: 'Pesagem',
    description: 'Pesagem de aves, ração e lotes',
    lang: 'pt-BR',
    // Relative: the portal works wherever the server mounts it.
    start_url: './',
    scope: './',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#0b7a5c',
    icons: [
      { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // The shell, every lazy screen (all languages' texts too: the language can change offline) and the device icons.
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
    // The charts library's chunk is large; it must be there offline too.
    maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
    navigateFallback: 'index.html',
    // The API, the live channel and the broker are never the app shell.
    navigateFallbackDenylist: [/\/api\//, /\/ws$/, /\/mqtt$/, /\/img_cs\//],
    // Web Push (issue 19): shows the portal's notifications and opens #/alarmes on a click.
    importScripts: ['push-sw.js'],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
    runtimeCaching: [
      {
        // JSON reads of the API (getuser, getlote, getdiario, getnucleo, getpadrao…): the network
        // first, the last answer when there is none. Downloads (CSV: another Accept), pictures
        // (img_cs) and writes never go through it. Serialised into the worker: self-contained.
        urlPattern: ({ url, request, sameOrigin }) =>
          sameOrigin && request.method === 'GET' && url.pathname.includes('/api/') && (request.headers.get('Accept') ?? '').includes('application/json'),
        handler: 'NetworkFirst',
        method: 'GET',
        options: {
          cacheName: API_CACHE,
          // No network timeout: a slow answer (a heavy report on a busy server) must not be replaced,
          // silently, by an older one; only a request that fails for want of a network gets the copy.
          expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
};
