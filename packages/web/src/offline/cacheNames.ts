/** The service worker's runtime cache of API reads (pwa.config.ts); emptied on logout. */
export const API_CACHE = 'portal-api';
