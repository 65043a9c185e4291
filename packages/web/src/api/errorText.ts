import type { TFunction } from 'i18next';
import i18n from '../i18n';
import { ApiError } from './client';

function translated(code: string | undefined, fallback: string, t: TFunction): string {
  const key = `errors.${code}`;
  return code && i18n.exists(key) ? t(key) : fallback;
}

/**
 * The text of an error (spec section 8): the first field error when the server listed some,
 * else the error itself; each by its translated code, falling back to the server's words.
 */
export function errorText(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('errors.INTERNAL');
  const first = error.errors[0];
  if (first) return translated(first.code, first.msg, t);
  if (error.code === 'TOO_MANY_ATTEMPTS' && error.retryAfterSeconds) {
    return t('errors.tooManyAttemptsWait', { minutes: Math.max(1, Math.ceil(error.retryAfterSeconds / 60)) });
  }
  return translated(error.code, error.message, t);
}

/** Field errors by field name, translated, for showing under the matching input. */
export function fieldErrors(error: unknown, t: TFunction): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const byField: Record<string, string> = {};
  for (const entry of error.errors) {
    if (entry.field && !byField[entry.field]) byField[entry.field] = translated(entry.code, entry.msg, t);
  }
  return byField;
}
