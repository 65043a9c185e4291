import net from 'node:net';
import { expect, it } from 'vitest';
import { describeEachDialect } from '../test/harness.js';

/** Sends raw bytes (what fetch refuses to send) and reads the whole answer. */
function rawRequest(baseUrl: string, text: string): Promise<{ status: number; headers: string; body: string }> {
  const { port, hostname } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(text));
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => {
      received += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = received.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
    setTimeout(() => socket.destroy(new Error(`no answer to ${JSON.stringify(text.slice(0, 60))}`)), 5_000);
  });
}

const CASES: Array<[string, string, number, string]> = [
  ['a bad URL encoding', 'GET /api/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 400, 'BAD_REQUEST'],
  ['no Host header', 'GET /api/getuser HTTP/1.1\r\nConnection: close\r\n\r\n', 400, 'BAD_REQUEST'],
  ['a request that is not HTTP', 'HELLO THERE\r\n\r\n', 400, 'BAD_REQUEST'],
  ['a control character in a header', 'GET /api/getuser HTTP/1.1\r\nHost: x\r\nX-Test: a\x01b\r\nConnection: close\r\n\r\n', 400, 'BAD_REQUEST'],
  ['an unknown method', 'BREW /api/login HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 400, 'BAD_REQUEST'],
  ['a non-numeric Content-Length', 'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: abc\r\nConnection: close\r\n\r\n{}', 400, 'BAD_REQUEST'],
  ['both Content-Length and chunked', 'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n{}', 400, 'BAD_REQUEST'],
  ['headers over 16 KB', `GET /api/getuser HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`, 431, 'HEADERS_TOO_LARGE'],
  ['an address over 16 KB', `GET /api/password_recover?email=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`, 414, 'URI_TOO_LONG'],
  ['an unknown call', 'DELETE /api/login HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 404, 'NOT_FOUND'],
  ['a malformed Content-Type', 'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: ;;;\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}', 415, 'UNSUPPORTED_MEDIA_TYPE'],
];

describeEachDialect('errors the framework and Node raise before a call runs', (portal) => {
  it.each(CASES)('answers %s with %i and {code, message}', async (_label, request, status, code) => {
    const answer = await rawRequest(portal().baseUrl, request);
    expect(answer.status).toBe(status);
    expect(answer.headers.toLowerCase()).toContain('content-type: application/json');
    expect(JSON.parse(answer.body)).toEqual({ code, message: expect.any(String) });
  });
});
