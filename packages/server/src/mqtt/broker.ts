import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { MAX_IMAGE_MESSAGE_CHARS } from '@portal/shared';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { createWebSocketStream } from 'ws';
import type { DevicesService, VerifiedDevice } from '../modules/devices/index.js';
import { deviceMay, isOwnClientId, sameText } from './access.js';
import { ConfigError } from '../config.js';
import { logLimiter } from './log-limiter.js';
import { connectBrokerCluster, type BrokerClusterOptions } from './broker-cluster.js';
import { connackFirst } from './connack-first.js';
import { inProcessLink, type InProcessLink } from './in-process.js';
import { GuardedConnection, PacketRefused, PendingLogins, type PacketLimits } from './packet-guard.js';

/** Who a connection logged in as: the portal's own gateway client, or a registered device. */
type Identity = { kind: 'gateway' } | { kind: 'device'; device: VerifiedDevice };

/** MQTT 3.1.1 CONNACK codes: 2 identifier rejected, 4 bad user name or password. */
const IDENTIFIER_REJECTED = 2;
const BAD_LOGIN = 4;

/**
 * The largest packet a client may declare (remaining length): a CONNECT (client id, login, a will)
 * fits in 4 KiB; once logged in, the protocol's largest message, an IMAGEM, with room for the
 * topic and the packet's own fields. Anything larger is cut before its body is read.
 */
export const PACKET_LIMITS: PacketLimits = { beforeLogin: 4 * 1024, afterLogin: MAX_IMAGE_MESSAGE_CHARS + 1024 };
/**
 * Connections not yet logged in, per instance and per remote address: a login takes milliseconds,
 * so devices reconnecting together (a farm behind one NAT, a load run's 50 at a time) stay under
 * them; past them a new connection is closed at once and the device retries. A TCP one holds a
 * socket and at most one read chunk; a WebSocket one may hold a whole message (ws maxPayload,
 * 1 MiB) before the guard sees it, hence its smaller caps.
 */
export const PENDING_LOGINS = { tcp: { total: 256, perAddress: 64 }, webSocket: { total: 32, perAddress: 16 } };
/** A client that has not sent its CONNECT by then is cut (aedes' default is 30 s). */
export const CONNECT_TIMEOUT_MS = 10_000;

export interface EmbeddedBroker {
  /** The TCP port it listens on (the real one when MQTT_PORT is 0). */
  readonly port: number;
  /** The per-process login of the gateway's own client. */
  readonly internal: { username: string; password: string };
  /** The gateway's in-process way in (in-process.ts): no loopback client. */
  readonly local: InProcessLink;
  /** Hands a connection (MQTT over WebSocket) from `address` to the broker. */
  handle(stream: Duplex, address: string, request?: IncomingMessage): void;
  /** Closes the connections of a device (it sent a forged identity); it may log in again. */
  disconnect(modelo: string, serie: string): number;
  close(): Promise<void>;
}

function refusal(message: string, returnCode = BAD_LOGIN): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

/**
 * The embedded MQTT broker (aedes) devices connect to when MQTT_URL is unset: devices log in with
 * their credential (modules/devices/credentials.ts), publish only on their own data topic and
 * subscribe only to their own command topic; the gateway's client logs in with a random login.
 */
export async function startEmbeddedBroker(deps: {
  port: number;
  devices: Pick<DevicesService, 'verifyDeviceCredential'>;
  log: FastifyBaseLogger;
  /** REDIS_URL set: this broker is one of the instances' cluster (broker-cluster.ts). */
  cluster?: BrokerClusterOptions;
}): Promise<EmbeddedBroker> {
  const { devices, log } = deps;
  // --- cluster over Redis (CLUSTER-BROKER): messages and sessions shared with the other instances ---
  const cluster = deps.cluster ? await connectBrokerCluster(deps.cluster, log) : null;
  // --- end cluster ---
  const internal = { username: `$portal-${randomBytes(6).toString('hex')}`, password: randomBytes(24).toString('base64url') };
  const identities = new WeakMap<Client, Identity>();
  const deviceClients = new Set<Client>();
  const pendingTcp = new PendingLogins(PENDING_LOGINS.tcp);
  const pendingWebSocket = new PendingLogins(PENDING_LOGINS.webSocket);
  const limitedLog = logLimiter(log);

  /** The login is good: the connection leaves the pending count and may send larger packets. */
  function loggedIn(client: Client, identity: Identity): void {
    identities.set(client, identity);
    const conn: unknown = client.conn;
    if (conn instanceof GuardedConnection) conn.loggedIn();
  }

  // A restored persistent session gets its messages only after its CONNACK (connack-first.ts).
  const ordering = connackFirst();
  const aedes = new Aedes({
    // aedes' default of 100 deliveries in flight queues the rest in an array it shifts one by one:
    // at thousands of readings a second that copying took half the server's time (docs/benchmarks.md).
    concurrency: 10_000,
    connectTimeout: CONNECT_TIMEOUT_MS,
    ...(cluster ? { mq: cluster.mq, persistence: cluster.persistence } : {}),
    preConnect: ordering.preConnect,
    authenticate(client, username, password, done) {
      const user = username ?? '';
      const secret = password?.toString('utf8') ?? '';
      if (user !== '' && sameText(user, internal.username)) {
        if (sameText(secret, internal.password)) {
          loggedIn(client, { kind: 'gateway' });
          return done(null, true);
        }
        log.warn({ username: user, clientId: client.id }, 'mqtt: login refused');
        return done(refusal('bad login'), false);
      }
      devices.verifyDeviceCredential(user, secret).then(
        (device) => {
          if (!device) {
            log.warn({ username: user === '' ? null : user, clientId: client.id }, user === '' ? 'mqtt: anonymous login refused' : 'mqtt: login refused');
            return done(refusal('bad login'), false);
          }
          // Before aedes registers the client: a foreign id would end that device's session first.
          if (!isOwnClientId(device, client.id)) {
            const name = `${device.modelo} ${device.serie}`;
            limitedLog.warn(name, { username: user, clientId: client.id, device: name }, 'mqtt: client id refused');
            return done(refusal('client id is not the device\'s own', IDENTIFIER_REJECTED), false);
          }
          loggedIn(client, { kind: 'device', device });
          done(null, true);
        },
        (error: unknown) => {
          log.error({ err: error, username: user }, 'mqtt: login could not be checked');
          done(Object.assign(new Error('unavailable'), { returnCode: 3 }) as AuthenticateError, false);
        },
      );
    },
    authorizePublish(client, packet, done) {
      // client is null for what the broker publishes itself ($SYS heartbeats).
      const identity = client ? identities.get(client) : { kind: 'gateway' as const };
      if (identity?.kind === 'gateway') return done(null);
      if (identity?.kind === 'device' && deviceMay(identity.device, 'publish', packet.topic)) {
        // Nobody reads a device's message later: a retained one would be kept (in Redis when
        // clustered, an IMAGEM up to 384 KiB per device) and handed again to every gateway that subscribes.
        packet.retain = false;
        return done(null);
      }
      limitedLog.warn(describe(identity) ?? String(client?.id), { clientId: client?.id, device: describe(identity), topic: packet.topic }, 'mqtt: publish refused');
      done(new Error('publish not authorized'));
    },
    authorizeSubscribe(client, subscription, done) {
      const identity = identities.get(client);
      if (identity?.kind === 'gateway') return done(null, subscription);
      if (identity?.kind === 'device' && deviceMay(identity.device, 'subscribe', subscription.topic)) return done(null, subscription);
      limitedLog.warn(describe(identity) ?? String(client.id), { clientId: client.id, device: describe(identity), topic: subscription.topic }, 'mqtt: subscribe refused');
      // null grants nothing (SUBACK 0x80); the connection stays.
      done(null, null);
    },
  });
  aedes.on('connackSent', (_connack, client) => ordering.connackSent(client));
  aedes.on('client', (client) => {
    if (identities.get(client)?.kind === 'device') deviceClients.add(client);
  });
  aedes.on('clientDisconnect', (client) => deviceClients.delete(client));
  aedes.on('clientError', (client, error) => log.debug({ clientId: client.id, err: error.message }, 'mqtt: client error'));
  // --- cluster: a failed start (Redis lost meanwhile) leaves no connection behind ---
  await aedes.listen().catch(async (error: unknown) => {
    await new Promise<void>((resolve) => aedes.close(() => resolve()));
    await cluster?.close();
    throw error;
  });
  // --- end cluster ---

  /**
   * Every connection, TCP or WebSocket, goes through here: counted while its login is pending,
   * refused past the caps, and read through a guard that cuts a packet declared over its limit.
   */
  function accept(stream: Duplex, address: string, pending: PendingLogins, request?: IncomingMessage): void {
    if (aedes.closed) return void stream.destroy();
    const release = pending.admit(address);
    if (!release) {
      limitedLog.warn(address, { address, pending: pending.size, webSocket: pending === pendingWebSocket }, 'mqtt: too many connections waiting for their login; connection closed');
      return void stream.destroy();
    }
    const guarded = new GuardedConnection(stream, PACKET_LIMITS);
    guarded.once('login', release);
    guarded.once('close', release);
    guarded.on('error', (error) => {
      if (error instanceof PacketRefused) {
        const client = (guarded as { client?: Client }).client;
        const who = describe(client ? identities.get(client) : undefined);
        limitedLog.warn(who ?? address, { address, device: who, declared: error.declared, limit: error.limit, loggedIn: error.loggedIn }, 'mqtt: packet over the size limit; connection closed');
      }
    });
    aedes.handle(guarded, request);
  }

  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    accept(socket, socket.remoteAddress ?? '', pendingTcp);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(deps.port, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await new Promise<void>((resolve) => aedes.close(() => resolve()));
    await cluster?.close();
    const code = (error as NodeJS.ErrnoException).code;
    // A port taken or not allowed is a configuration matter: say which variable to change.
    if (code === 'EADDRINUSE' || code === 'EACCES') {
      throw new ConfigError(
        `Invalid configuration:\n  MQTT_PORT=${deps.port}: ${code === 'EADDRINUSE' ? 'already in use (another MQTT broker?)' : 'not allowed for this user'}; ` +
          'set MQTT_PORT to a free port, or MQTT_URL to use an external broker',
      );
    }
    throw error;
  }
  server.on('error', (error) => log.error({ err: error }, 'mqtt: broker listener failed'));
  const port = (server.address() as AddressInfo).port;
  log.info({ port }, 'mqtt: embedded broker listening');
  let closing: Promise<void> | undefined;

  return {
    port,
    internal,
    local: inProcessLink(aedes),
    handle: (stream, address, request) => accept(stream, address, pendingWebSocket, request),
    disconnect(modelo, serie) {
      let closed = 0;
      for (const client of deviceClients) {
        const identity = identities.get(client);
        if (identity?.kind === 'device' && identity.device.modelo === modelo && identity.device.serie === serie) {
          client.close();
          closed += 1;
        }
      }
      return closed;
    },
    close() {
      closing ??= (async () => {
        // Stop accepting first; server.close resolves once the open sockets are gone.
        const listenerClosed = new Promise<void>((resolve) => server.close(() => resolve()));
        await new Promise<void>((resolve) => aedes.close(() => resolve()));
        // aedes.close ended the MQTT sessions; a socket that never finished its CONNECT is cut.
        for (const socket of sockets) socket.destroy();
        await listenerClosed;
        await cluster?.close();
      })();
      return closing;
    },
  };
}

function describe(identity: Identity | undefined): string | null {
  if (!identity) return null;
  return identity.kind === 'gateway' ? 'gateway' : `${identity.device.modelo} ${identity.device.serie}`;
}

/**
 * GET /mqtt: MQTT over WebSocket on the web port (devices behind proxies that pass only HTTP).
 * `handle` is the running broker's; registered only in embedded mode. The address is the client's
 * as Fastify sees it (TRUST_PROXY): the per-address cap of pending logins counts by it. A
 * WebSocket message is bounded by the server's ws maxPayload (app.ts, 1 MiB) before the broker's
 * own packet limits apply.
 */
export function mqttOverWebSocket(handle: (stream: Duplex, request: IncomingMessage, address: string) => void): FastifyPluginAsync {
  return async (app) => {
    app.get('/mqtt', { websocket: true, schema: { hide: true } }, (socket, request) => {
      const stream = createWebSocketStream(socket);
      stream.on('error', (error) => request.log.debug({ err: error.message }, 'mqtt over websocket: stream error'));
      handle(stream, request.raw, request.ip);
    });
  };
}
