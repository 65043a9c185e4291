import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST an integration receiver got. */
export interface ReceivedPage {
  headers: IncomingHttpHeaders;
  /** The raw body, as signed. */
  raw: string;
  body: { dado: string; pagina: number; itens: Array<{ id: number }>; [key: string]: unknown };
}

/**
 * A local integrator's endpoint for the export tests (node:http on a free port): it records every
 * POST and answers each with the next status of `script` (then 200), as an ERP would. Pages are
 * counted once per Idempotency-Key, as a receiver honouring the key does.
 */
export async function startExportReceiver() {
  const received: ReceivedPage[] = [];
  let script: number[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: request.headers, raw, body: JSON.parse(raw) });
      const status = script.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(status < 300 ? { ok: true, recebidos: received.length } : { erro: `status ${status}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/erp/receber`,
    received,
    /** The statuses the next POSTs are answered with, in order (then 200). */
    answer(...statuses: number[]) {
      script = statuses;
    },
    /** The pages received, once per Idempotency-Key (a retried page counts once). */
    distinctPages(): ReceivedPage[] {
      const byKey = new Map<string, ReceivedPage>();
      for (const page of received) byKey.set(String(page.headers['idempotency-key']), page);
      return [...byKey.values()];
    },
    clear() {
      received.length = 0;
      script = [];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type ExportReceiver = Awaited<ReturnType<typeof startExportReceiver>>;
