import net from 'node:net';

/**
 * A TCP proxy between the portal and its database, for fault tests: `cut()` drops every open
 * connection and leaves new ones hanging unanswered (a network cut, not a polite refusal);
 * `restore()` forwards again.
 */
export interface TcpProxy {
  port: number;
  /** Connections currently forwarded. */
  openConnections(): number;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let isCut = false;
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket | null }>();

  const server = net.createServer((client) => {
    const pair: { client: net.Socket; upstream: net.Socket | null } = { client, upstream: null };
    pairs.add(pair);
    client.on('error', () => undefined);
    client.on('close', () => {
      pair.upstream?.destroy();
      pairs.delete(pair);
    });
    // While cut, the connection is accepted but nothing ever answers: the portal must time out.
    if (isCut) return;
    const upstream = net.connect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on('error', () => client.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('proxy has no port');

  const dropAll = () => {
    for (const pair of pairs) {
      pair.client.resetAndDestroy();
      pair.upstream?.destroy();
    }
    pairs.clear();
  };

  return {
    port: address.port,
    openConnections: () => [...pairs].filter((pair) => pair.upstream !== null).length,
    cut() {
      isCut = true;
      dropAll();
    },
    restore() {
      isCut = false;
      // Connections accepted during the cut were never forwarded: end them so clients retry.
      dropAll();
    },
    async close() {
      dropAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
