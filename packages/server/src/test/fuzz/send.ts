import { describeRequest, mustBeRefused, type FuzzRequest } from './requests.js';

/** Every request goes out three ways: the server must hold up whoever sends it. */
export const AUTH_MODES = ['no token', 'garbage token', 'valid token'] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

export type Outcome = { status: number; body: string } | { failure: string };

const ANSWER_TIMEOUT_MS = 30_000;

const causeOf = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${(error.cause as NodeJS.ErrnoException).code ?? ''} ${error.cause.message}` : '';
  return `${error.name} ${error.message}${cause}`;
};

/** Sends `request` as built, with `authorization` as the Authorization header when given. */
export async function send(baseUrl: string, request: FuzzRequest, authorization?: string): Promise<Outcome> {
  // As the portal's own pages send it, so calls kept to them (setcookie) are fuzzed past that gate.
  const headers: Record<string, string> = { 'sec-fetch-site': 'same-origin', ...request.headers };
  if (request.contentType !== undefined) headers['content-type'] = request.contentType;
  if (authorization !== undefined) headers.authorization = authorization;
  try {
    const response = await fetch(`${baseUrl}${request.url}`, {
      method: request.method,
      headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
      redirect: 'manual',
      signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    return { failure: causeOf(error) };
  }
}

/** True for the error body every failure must carry: a JSON object with `code` and `message` texts. */
export function isErrorBody(text: string): boolean {
  try {
    const body: unknown = JSON.parse(text);
    return (
      body !== null &&
      typeof body === 'object' &&
      !Array.isArray(body) &&
      typeof (body as { code?: unknown }).code === 'string' &&
      typeof (body as { message?: unknown }).message === 'string'
    );
  } catch {
    return false;
  }
}

const shortText = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}…` : text);

/** What is wrong with one answer: none for a 2xx–4xx with a proper error body. */
export function problemsOf(request: FuzzRequest, mode: AuthMode, outcome: Outcome): string[] {
  if ('failure' in outcome) return [`${mode}: no answer, the connection failed (${outcome.failure})`];
  const { status, body } = outcome;
  const problems: string[] = [];
  if (status >= 500) problems.push(`${mode}: answered ${status} ${shortText(body)}`);
  if (mustBeRefused(request) && (status < 400 || status >= 500)) {
    problems.push(`${mode}: a request over 1 MiB must be refused with a 4xx, got ${status}`);
  }
  if (status >= 400 && !isErrorBody(body)) problems.push(`${mode}: error answer ${status} is not {code, message}: ${shortText(body)}`);
  return problems;
}

/** One failure paragraph per request: the request, then each problem. */
export const reportOf = (request: FuzzRequest, problems: string[]): string => `${describeRequest(request)}\n    ${problems.join('\n    ')}`;
