import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { Config } from '../config.js';

/**
 * Headers on every answer. The page runs only its own scripts (no inline script, nothing from
 * elsewhere); inline styles are allowed because Mantine sets style attributes and CSS variables.
 * Frames: only the portal's own (the hidden setcookie frame), and only the portal may frame it.
 */
export function securityHeaders(config: Pick<Config, 'PUBLIC_URL'>): FastifyHelmetOptions {
  const https = config.PUBLIC_URL.startsWith('https:');
  return {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        // Only over HTTPS: on a plain-HTTP farm network it would break every request.
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 180 * 24 * 60 * 60 } : false,
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  };
}
