import type { IncomingMessage, ServerResponse } from 'node:http';
import type { onRequestHookHandler } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.js';

/**
 * Headers on every answer. The page runs only its own scripts (no inline script, nothing from
 * elsewhere); inline styles are allowed because Mantine sets style attributes and CSS variables.
 * Frames: only the portal's own (the hidden setcookie frame), and only the portal may frame it.
 */
export function securityHeaders(config: Pick<Config, 'PUBLIC_URL'>): HelmetOptions {
  const https = config.PUBLIC_URL.startsWith('https:');
  return {
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
        // The installable app (issue 18): its manifest and service worker (sw.js) come from the portal itself.
        manifestSrc: ["'self'"],
        // Only over HTTPS: on a plain-HTTP farm network it would break every request.
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 180 * 24 * 60 * 60 } : false,
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet sets with securityHeaders(config), worked out once. @fastify/helmet builds helmet
 * again on every request (its policy parsed each time: a tenth of a light call's server time); these
 * options have no per-request part (no nonces, no directive functions), so every answer gets the same.
 */
export function securityHeaderLines(config: Pick<Config, 'PUBLIC_URL'>): (readonly [string, string])[] {
  const lines: (readonly [string, string])[] = [];
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => void lines.push([name, String(value)]),
    // X-Powered-By: Fastify never sets it.
    removeHeader: () => undefined,
  };
  helmet(securityHeaders(config))({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return lines;
}

/** onRequest hook of every answer (pages, API calls, files, errors, not found), on the raw response as helmet sets them. */
export function securityHeadersHook(config: Pick<Config, 'PUBLIC_URL'>): onRequestHookHandler {
  const lines = securityHeaderLines(config);
  return function setSecurityHeaders(_request, reply, done) {
    for (const [name, value] of lines) reply.raw.setHeader(name, value);
    done();
  };
}
