import type { FastifyBaseLogger } from 'fastify';

/** Devices' refusals: the first 10 lines a minute per device and kind (the rest are counted), then one summary line. */
const LIMITS = { perWindow: 10, windowMs: 60_000 };

interface Window {
  written: number;
  suppressed: number;
  /** The last line left out: the summary repeats its fields, a sample of what was not written. */
  last: Record<string, unknown>;
}

/**
 * Warnings of one kind from one source (a device sending 2,000 refused messages, an address
 * sending oversized packets) written at most `perWindow` times a window; when a window in which
 * lines were left out ends, one line says how many. npm's rate limiters (limiter, bottleneck,
 * rate-limiter-flexible) throttle calls and know nothing of the summary line, so it is this small
 * counter per key. Windows start at a key's first line and end by an unreferenced timer, so the
 * map holds only keys active in the last window.
 */
export function logLimiter(log: FastifyBaseLogger) {
  const windows = new Map<string, Window>();

  function end(id: string, msg: string): void {
    const window = windows.get(id);
    windows.delete(id);
    if (window && window.suppressed > 0) {
      log.warn({ ...window.last, suppressed: window.suppressed }, `${msg} (${window.suppressed} more not logged in ${Math.round(LIMITS.windowMs / 1000)} s)`);
    }
  }

  return {
    /** Writes the warning unless `key` already wrote `perWindow` lines of this `msg` in this window. */
    warn(key: string, fields: Record<string, unknown>, msg: string): void {
      const id = `${msg}\u0000${key}`;
      let window = windows.get(id);
      if (!window) {
        window = { written: 0, suppressed: 0, last: {} };
        windows.set(id, window);
        setTimeout(() => end(id, msg), LIMITS.windowMs).unref();
      }
      if (window.written < LIMITS.perWindow) {
        window.written += 1;
        log.warn(fields, msg);
        return;
      }
      window.suppressed += 1;
      window.last = fields;
    },
  };
}
