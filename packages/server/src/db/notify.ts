import pg from 'pg';

/**
 * PostgreSQL's LISTEN/NOTIFY on one connection of its own (outside the pool: LISTEN belongs to a
 * session), the way instances sharing one database tell each other things without a broker of
 * their own (realtime/cluster.ts). The connection both listens and sends, so what one instance sends
 * arrives in the order it was sent. A lost connection is opened again (after 1 s, then up to 10 s
 * between tries) and listens again; what was sent meanwhile is not replayed: NOTIFY keeps nothing for
 * a listener that is not connected.
 */
export interface NotifyChannel {
  /** PostgreSQL refuses payloads of 8,000 bytes or more. */
  readonly maxPayloadBytes: number;
  /** Connects and listens; fails when the first connection fails. */
  start(onPayload: (payload: string) => void): Promise<void>;
  /** Sends one payload to every listener of the channel (this connection's own included). */
  send(payload: string): Promise<void>;
  close(): Promise<void>;
}

export interface NotifyLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 10_000;
/** Also the socket's: a NOTIFY that hangs must not hold the frames behind it for ever. */
const QUERY_TIMEOUT_MS = 5_000;

export const APPLICATION_NAME = 'portal-notify';

/** Channel names are identifiers: the caller's fixed name, checked once here. */
const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

export function postgresNotifyChannel(url: string, channel: string, log: NotifyLog): NotifyChannel {
  if (!IDENTIFIER.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = RETRY_FIRST_MS;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let handler: (payload: string) => void = () => {};

  async function open(): Promise<void> {
    // Named, so an operator tells it from the pool's connections in pg_stat_activity.
    const next = new pg.Client({ connectionString: url, application_name: APPLICATION_NAME, keepAlive: true, query_timeout: QUERY_TIMEOUT_MS, connectionTimeoutMillis: QUERY_TIMEOUT_MS });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handler(message.payload);
    });
    // Ends the process when unheard; the 'end' that follows opens a new connection.
    next.on('error', (error) => log.warn({ err: error.message, channel }, 'postgres notify: connection lost; opening another'));
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end();
      return;
    }
    // Only a connection that listened is replaced when it ends; a failed one is retried by its caller.
    next.on('end', () => {
      if (client === next) client = null;
      if (!closed) schedule();
    });
    client = next;
    retryMs = RETRY_FIRST_MS;
  }

  function schedule(): void {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      open()
        .then(() => log.info({ channel }, 'postgres notify: listening again'))
        .catch((error: unknown) => {
          log.warn({ err: error instanceof Error ? error.message : String(error), channel, retryMs }, 'postgres notify: not connected; trying again');
          retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
          if (!closed) schedule();
        });
    }, retryMs);
  }

  return {
    maxPayloadBytes: 7_999,

    async start(onPayload) {
      handler = onPayload;
      await open();
    },

    async send(payload) {
      if (!client) throw new Error('not connected to PostgreSQL');
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },

    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const ending = client;
      client = null;
      await ending?.end();
    },
  };
}
