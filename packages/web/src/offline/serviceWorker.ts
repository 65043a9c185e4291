import { API_CACHE } from './cacheNames';

/**
 * Registers the service worker vite-plugin-pwa generates (pwa.config.ts: `sw.js` beside
 * index.html) once the page has loaded. Plain `register`, not workbox-window: the worker takes
 * over by itself (skipWaiting, clientsClaim), so the first screen carries no registration library.
 * The page keeps running the code it loaded until the next reload.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const register = () =>
    void navigator.serviceWorker.register('./sw.js', { scope: './' }).catch((error: unknown) => console.warn('[offline] the service worker could not be registered', error));
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/**
 * Forgets the API answers kept for offline use: on logout, so the next person on a shared phone
 * does not see this user's data. Writes waiting to be sent stay (they belong to their user and are
 * sent when that user signs in again, see queue.ts).
 */
export async function clearOfflineCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    await caches.delete(API_CACHE);
  } catch (error) {
    console.warn('[offline] the API cache could not be cleared', error);
  }
}
