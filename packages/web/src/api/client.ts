import {
  apiCalls,
  CSRF_COOKIE,
  CSRF_HEADER,
  isErrorCode,
  type ApiCalls,
  type CallAnswer,
  type CallBody,
  type CallName,
  type CallQuery,
  type CallSpec,
  type DownloadCallName,
  type ErrorCode,
  type FieldError,
  type recordQuery,
} from '@portal/shared';
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

type Query = Readonly<Record<string, string | number | undefined>>;

/** A call's body or query as its call site gives it: required when the call has a field it cannot do without. */
type Part<Key extends string, T> = [T] extends [never] ? { [K in Key]?: never } : {} extends T ? { [K in Key]?: T } : { [K in Key]: T };
export type CallOptions<N extends CallName> = Part<'body', CallBody<N>> & Part<'query', CallQuery<N>>;
type CallArgs<N extends CallName> = {} extends CallOptions<N> ? [options?: CallOptions<N>] : [options: CallOptions<N>];
type QueryArgs<N extends CallName> = [CallQuery<N>] extends [never] ? [] : {} extends CallQuery<N> ? [query?: CallQuery<N>] : [query: CallQuery<N>];

/**
 * The address of call `name` with its query (`api/<name>?…`), relative to the page: for what the
 * browser loads itself (setcookie in a hidden frame) and the upload's XMLHttpRequest.
 */
export function callUrl<N extends CallName>(name: N, ...[query]: QueryArgs<N>): string {
  return addressOf(name, query as Query | undefined);
}

function addressOf(name: CallName, query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${name}${search ? `?${search}` : ''}`;
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
async function send(name: CallName, options: SendOptions): Promise<Response> {
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
    response = await fetch(addressOf(name, options.query), {
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

/**
 * Call `name` of the call table (packages/shared/src/calls): its method, body and query are typed by
 * the table, and the answer is parsed with the call's response schema, so screens get exactly the
 * shared types. A POST always carries a JSON object (`{}` when the call takes no fields). Calls made
 * without a session (sign-up, sign-in, recovery) send no token.
 */
export async function call<N extends CallName>(name: N, ...[options]: CallArgs<N>): Promise<CallAnswer<N>> {
  const spec: CallSpec = apiCalls[name];
  const { body, query } = (options ?? {}) as { body?: unknown; query?: Query };
  const response = await send(name, {
    method: spec.method,
    query,
    body: body ?? (spec.method === 'POST' ? {} : undefined),
    withToken: !spec.anonymous,
    accept: 'application/json',
  });
  const data: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  return parseAnswer(name, data, response.status);
}

type ListOf<N extends CallName> = Extract<CallAnswer<N>, readonly unknown[]>;
type OneOf<N extends CallName> = Exclude<CallAnswer<N>, readonly unknown[]>;
/** The get calls of spec section 7 (getnucleo, getdevice, …): `?id&prop`, one record with id, else the list. */
export type RecordGetName = { [N in CallName]: ApiCalls[N] extends { query: typeof recordQuery } ? ([ListOf<N>] extends [never] ? never : N) : never }[CallName];

/** A get call without ?id: the list of the owner acted for (`prop`; undefined: oneself). */
export async function callList<N extends RecordGetName>(name: N, prop: number | undefined): Promise<ListOf<N>> {
  const answer = await call<RecordGetName>(name, { query: { prop } });
  if (!Array.isArray(answer)) throw unexpectedAnswer(name, 'a record instead of the list');
  return answer as ListOf<N>;
}

/** A get call with ?id: that record. */
export async function callOne<N extends RecordGetName>(name: N, id: number, prop: number | undefined): Promise<OneOf<N>> {
  const answer = await call<RecordGetName>(name, { query: { id, prop } });
  if (Array.isArray(answer)) throw unexpectedAnswer(name, 'the list instead of one record');
  return answer as OneOf<N>;
}

function unexpectedAnswer(name: CallName, problem: unknown, status = 200): ApiError {
  console.error(`[api] unexpected answer from ${name}`, problem);
  return new ApiError('INTERNAL', 'Unexpected answer from the server', status);
}

/** The answer of `name` checked against its response schema (an answer the table does not describe is an error). */
export function parseAnswer<N extends CallName>(name: N, data: unknown, status: number): CallAnswer<N> {
  const parsed = apiCalls[name].response.safeParse(data);
  if (!parsed.success) throw unexpectedAnswer(name, parsed.error, status);
  return parsed.data as CallAnswer<N>;
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
 * A download call's file (the CSV of v2/resumo?tipo=csv): its text, without the byte order mark, and
 * the file name the server gave it, if any. Errors arrive as JSON and decode as for `call`.
 */
export async function callText<N extends DownloadCallName>(name: N, query: CallQuery<N>): Promise<{ text: string; name: string | undefined }> {
  const response = await send(name, { method: 'GET', query: query as Query, accept: apiCalls[name].download });
  let text: string;
  try {
    // Response.text() decodes UTF-8 and drops a leading byte order mark.
    text = await response.text();
  } catch {
    throw new ApiError('NETWORK_ERROR', 'Network error', 0);
  }
  return { text, name: attachmentName(response.headers.get('Content-Disposition')) };
}
