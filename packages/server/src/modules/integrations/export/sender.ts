import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { checkHost, DestinationRefusedError, guardedLookup } from './destination.js';

/** How long one POST may take, connection to the last byte of the answer. */
export const SEND_TIMEOUT_MS = 15_000;
/** Bytes of an answer read at most (only its start is kept in the delivery log). */
const ANSWER_BYTES_MAX = 16 * 1024;

/** What one POST came to: an HTTP answer, or why there was none. */
export type SendOutcome =
  | { kind: 'answer'; status: number; body: string }
  | { kind: 'failure'; erro: 'rede' | 'tempo_esgotado' | 'destino_recusado'; detalhe: string };

export type PageSender = (endpoint: string, body: string, headers: Record<string, string>) => Promise<SendOutcome>;

/**
 * POSTs one page with node:http(s): redirects are not followed (a 3xx is an answer, treated as a
 * configuration error), private addresses are refused at connect time unless `allowPrivate`, and
 * the whole exchange is bounded by `timeoutMs`.
 */
export function httpPageSender(options: { allowPrivate: boolean; timeoutMs?: number }): PageSender {
  const lookup = guardedLookup(options.allowPrivate);
  const timeoutMs = options.timeoutMs ?? SEND_TIMEOUT_MS;
  return async (endpoint, body, headers) => {
    const url = new URL(endpoint);
    try {
      checkHost(url, options.allowPrivate);
    } catch (error) {
      return { kind: 'failure', erro: 'destino_recusado', detalhe: (error as Error).message };
    }
    const signal = AbortSignal.timeout(timeoutMs);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<SendOutcome>((resolve) => {
      const request = send(url, { method: 'POST', headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) }, lookup, signal, agent: false }, (response) => {
        readStart(response).then(
          (text) => resolve({ kind: 'answer', status: response.statusCode ?? 0, body: text }),
          (error: unknown) => resolve(failureOf(error, signal, timeoutMs)),
        );
      });
      request.on('error', (error) => resolve(failureOf(error, signal, timeoutMs)));
      request.end(body);
    });
  };
}

/** The first ANSWER_BYTES_MAX bytes of an answer, as text; the rest is not read. */
async function readStart(response: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size >= ANSWER_BYTES_MAX) {
      response.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, ANSWER_BYTES_MAX).toString('utf8');
}

function failureOf(error: unknown, signal: AbortSignal, timeoutMs: number): SendOutcome {
  if (error instanceof DestinationRefusedError) return { kind: 'failure', erro: 'destino_recusado', detalhe: error.message };
  if (signal.aborted) return { kind: 'failure', erro: 'tempo_esgotado', detalhe: `no answer within ${timeoutMs / 1000} s` };
  const { code, message } = error as NodeJS.ErrnoException;
  return { kind: 'failure', erro: 'rede', detalhe: code ? `${code}: ${message}` : message };
}
