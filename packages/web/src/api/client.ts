import { CSRF_COOKIE, CSRF_HEADER, isErrorCode, type ErrorCode, type FieldError } from '@portal/shared';
import { currentLanguage } from '../i18n';
import { clearSession, getToken } from './authStorage';

/** An error answer of the server (spec section 8), or NETWORK_ERROR when none arrived. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number,
    readonly errors: FieldError[] = [],
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Relative to the page, so the portal works wherever the server mounts it. */
const API_BASE = 'api/';

let onUnauthorized: () => void = () => undefined;

/** The app decides where a 401 leads (the login page with the current page remembered). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

type Query = Record<string, string | number | undefined>;

/** What the client needs of a schema (the zod schemas of @portal/shared fit). */
export interface Schema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: unknown };
}

interface RequestOptions<T> {
  method?: 'GET' | 'POST';
  query?: Query;
  body?: unknown;
  /** Validates the answer, so screens get exactly the shared types. */
  schema: Schema<T>;
  /** Calls that work without a session (login, register, recovery) send no token. */
  withToken?: boolean;
}

export function apiUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

async function errorFromResponse(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const data = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const code = isErrorCode(data.code) ? data.code : response.status === 401 ? 'UNAUTHENTICATED' : 'INTERNAL';
  const message = typeof data.message === 'string' ? data.message : response.statusText;
  const errors = Array.isArray(data.errors) ? (data.errors as FieldError[]) : [];
  const retryAfter = typeof data.retryAfterSeconds === 'number' ? data.retryAfterSeconds : retryAfterHeader(response);
  return new ApiError(code, message, response.status, errors, retryAfter);
}

/** `Retry-After` in seconds (a 503 carries it in the header only); the HTTP-date form is ignored. */
function retryAfterHeader(response: Response): number | undefined {
  const seconds = Number(response.headers.get('Retry-After') ?? '');
  return Number.isInteger(seconds) && seconds > 0 ? seconds : undefined;
}

/** A failure that may pass by itself (no answer, a timeout, a server or database outage), worth asking again. */
export function isTemporaryFailure(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status === 408 || error.status >= 500);
}

interface SendOptions {
  method: 'GET' | 'POST';
  query?: Query | undefined;
  body?: unknown;
  withToken?: boolean | undefined;
  accept: string;
}

/**
 * One call with the session's headers (bearer token, language, anti-forgery echo on non-GET):
 * answers the response when it is ok, throws the decoded ApiError otherwise (a 401 ends the session).
 */
async function send(path: string, options: SendOptions): Promise<Response> {
  const { method } = options;
  const token = options.withToken === false ? null : getToken();
  const headers: Record<string, string> = {
    Accept: options.accept,
    'Accept-Language': currentLanguage(),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  // Spec section 7: non-GET calls echo the anti-forgery cookie in a header.
  const xsrf = method === 'GET' ? null : readCookie(CSRF_COOKIE);
  if (xsrf) headers[CSRF_HEADER] = xsrf;

  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError('NETWORK_ERROR', 'Network error', 0);
  }

  if (!response.ok) {
    const error = await errorFromResponse(response);
    if (response.status === 401 && token) {
      clearSession();
      onUnauthorized();
    }
    throw error;
  }
  return response;
}

export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const response = await send(path, { method: options.method ?? 'GET', query: options.query, body: options.body, withToken: options.withToken, accept: 'application/json' });
  const data: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  const parsed = options.schema.safeParse(data);
  if (!parsed.success) {
    console.error(`[api] unexpected answer from ${path}`, parsed.error);
    throw new ApiError('INTERNAL', 'Unexpected answer from the server', response.status);
  }
  return parsed.data;
}

/** The file name of a `Content-Disposition: attachment; filename="…"` (or RFC 5987 `filename*=UTF-8''…`). */
export function attachmentName(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1]!.trim());
    } catch {
      // A malformed encoding: fall back to the plain name below.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(disposition);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name || undefined;
}

/**
 * A call answering a text file (a CSV download): its text, without the byte order mark, and the
 * file name the server gave it, if any. Errors arrive as JSON and decode as for apiRequest.
 */
export async function apiText(path: string, options: { query?: Query; accept: string }): Promise<{ text: string; name: string | undefined }> {
  const response = await send(path, { method: 'GET', query: options.query, accept: options.accept });
  let text: string;
  try {
    // Response.text() decodes UTF-8 and drops a leading byte order mark.
    text = await response.text();
  } catch {
    throw new ApiError('NETWORK_ERROR', 'Network error', 0);
  }
  return { text, name: attachmentName(response.headers.get('Content-Disposition')) };
}
