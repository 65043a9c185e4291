import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { createWebSocketStream } from 'ws';
import type { DevicesRepository } from '../modules/devices/devices.repository.js';
import type { VerifiedDevice } from '../modules/devices/service.js';
import { deviceMay, sameText, verifyDeviceLogin } from './access.js';
import { ConfigError } from '../config.js';

/** Who a connection logged in as: the portal's own gateway client, or a registered device. */
type Identity = { kind: 'gateway' } | { kind: 'device'; device: VerifiedDevice };

/** MQTT CONNACK code 4 (3.1.1): bad user name or password. */
const BAD_LOGIN = 4;

export interface EmbeddedBroker {
  /** The TCP port it listens on (the real one when MQTT_PORT is 0). */
  readonly port: number;
  /** The per-process login of the gateway's own client. */
  readonly internal: { username: string; password: string };
  /** Hands a connection (MQTT over WebSocket) to the broker. */
  handle(stream: Duplex, request?: IncomingMessage): void;
  /** Closes the connections of a device (it sent a forged identity); it may log in again. */
  disconnect(modelo: string, serie: string): number;
  close(): Promise<void>;
}

function refusal(message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode: BAD_LOGIN }) as AuthenticateError;
}

/**
 * The embedded MQTT broker (aedes) devices connect to when MQTT_URL is unset: devices log in with
 * their credential (modules/devices/credentials.ts), publish only on their own data topic and
 * subscribe only to their own command topic; the gateway's client logs in with a random login.
 */
export async function startEmbeddedBroker(deps: { port: number; devices: Pick<DevicesRepository, 'findByCredentialUser'>; log: FastifyBaseLogger }): Promise<EmbeddedBroker> {
  const { devices, log } = deps;
  const internal = { username: `$portal-${randomBytes(6).toString('hex')}`, password: randomBytes(24).toString('base64url') };
  const identities = new WeakMap<Client, Identity>();
  const deviceClients = new Set<Client>();

  const aedes = new Aedes({
    // aedes' default of 100 deliveries in flight queues the rest in an array it shifts one by one:
    // at thousands of readings a second that copying took half the server's time (docs/benchmarks.md).
    concurrency: 10_000,
    authenticate(client, username, password, done) {
      const user = username ?? '';
      const secret = password?.toString('utf8') ?? '';
      if (user !== '' && sameText(user, internal.username)) {
        if (sameText(secret, internal.password)) {
          identities.set(client, { kind: 'gateway' });
          return done(null, true);
        }
        log.warn({ username: user, clientId: client.id }, 'mqtt: login refused');
        return done(refusal('bad login'), false);
      }
      verifyDeviceLogin(devices, user, secret).then(
        (device) => {
          if (!device) {
            log.warn({ username: user === '' ? null : user, clientId: client.id }, user === '' ? 'mqtt: anonymous login refused' : 'mqtt: login refused');
            return done(refusal('bad login'), false);
          }
          identities.set(client, { kind: 'device', device });
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
      if (identity?.kind === 'device' && deviceMay(identity.device, 'publish', packet.topic)) return done(null);
      log.warn({ clientId: client?.id, device: describe(identity), topic: packet.topic }, 'mqtt: publish refused');
      done(new Error('publish not authorized'));
    },
    authorizeSubscribe(client, subscription, done) {
      const identity = identities.get(client);
      if (identity?.kind === 'gateway') return done(null, subscription);
      if (identity?.kind === 'device' && deviceMay(identity.device, 'subscribe', subscription.topic)) return done(null, subscription);
      log.warn({ clientId: client.id, device: describe(identity), topic: subscription.topic }, 'mqtt: subscribe refused');
      // null grants nothing (SUBACK 0x80); the connection stays.
      done(null, null);
    },
  });
  aedes.on('client', (client) => {
    if (identities.get(client)?.kind === 'device') deviceClients.add(client);
  });
  aedes.on('clientDisconnect', (client) => deviceClients.delete(client));
  aedes.on('clientError', (client, error) => log.debug({ clientId: client.id, err: error.message }, 'mqtt: client error'));
  await aedes.listen();

  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    aedes.handle(socket);
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
    handle(stream, request) {
      if (aedes.closed) stream.destroy();
      else aedes.handle(stream, request);
    },
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
 * `handle` is the running broker's; registered only in embedded mode.
 */
export function mqttOverWebSocket(handle: (stream: Duplex, request: IncomingMessage) => void): FastifyPluginAsync {
  return async (app) => {
    app.get('/mqtt', { websocket: true, schema: { hide: true } }, (socket, request) => {
      const stream = createWebSocketStream(socket);
      stream.on('error', (error) => request.log.debug({ err: error.message }, 'mqtt over websocket: stream error'));
      handle(stream, request.raw);
    });
  };
}
