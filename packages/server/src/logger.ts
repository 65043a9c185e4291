import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.js';

/** Query keys whose values are ids and dates (spec section 7), kept in logged URLs; every other value is hidden. */
const LOGGED_QUERY_KEYS = new Set(['id', 'idcalha', 'ini', 'fim', 'di', 'df', 'inicio', 'tipo']);

/**
 * A URL fit for the log: query values (e-mail addresses, tokens, keys) are replaced by
 * `[redacted]`, except ids and dates that help follow a report request.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      const key = pair.slice(0, equals);
      return LOGGED_QUERY_KEYS.has(key) && /^[\w.:-]{0,40}$/.test(pair.slice(equals + 1)) ? pair : `${key}=[redacted]`;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${query}`;
}

/** The process's one logger: JSON lines, credentials never written. */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, destination?: DestinationStream): Logger {
  const options = { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'] };
  return destination ? pino(options, destination) : pino(options);
}
