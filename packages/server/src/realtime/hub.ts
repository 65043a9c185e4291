import { LIVE_CHANNEL_VERSION, LIVE_CLOSE, LIVE_PATH, type ErrorCode, type LiveClientMessage, type LiveServerMessage, type PortalMessage } from '@portal/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { isDatabaseUnavailable } from '../db/dialect.js';
import type { AppEvents, EventBus } from '../events/index.js';
import type { FotoRequests } from '../modules/live/index.js';
import type { DeviceEvent, DeviceGateway } from '../mqtt/types.js';
import { AppError } from '../http/errors.js';
import type { DeviceAccess, OwnerAccess } from './access.js';
import { EventFrames, WriteBatch } from './frames.js';
import { parseClientMessage } from './messages.js';
import { checkRegistrations, type FindDevices, type Registration } from './registrations.js';

/** A hello must come this soon after the socket opens. */
export const HELLO_TIMEOUT_MS = 10_000;
/** Each socket's session (and what it registered) is checked again this often. */
export const SESSION_CHECK_MS = 60_000;
/** Above this many bytes waiting to be sent, live readings are skipped for the socket. */
export const SLOW_SOCKET_BYTES = 4 * 1024 * 1024;
/** The deadlines above run on the portal's clock, looked at once a second. */
const TICK_MS = 1_000;
/** Protocol pings find connections that died without a close (a cut network); ticks between two. */
const HEARTBEAT_TICKS = 30;
const SKIP_LOG_MS = 60_000;
/** WebSocket's own codes: the server is going away / failed. */
const CLOSE_INTERNAL = 1011;
/** A shared frame is a Buffer: ws would send it as binary unless told. */
const TEXT = { binary: false } as const;

export interface LiveHubDeps {
  gateway: Pick<DeviceGateway, 'onEvent' | 'sendCommand' | 'onGrantsChanged'>;
  /** Where device weighings are told once stored ('weighings.stored', from the weighings' ingestion service) and an owner's alarms changed ('alarms.changed'). */
  events: Pick<EventBus, 'on'>;
  /** The session a token opens (as the bearer token is checked), or undefined. */
  authenticateToken: (token: string) => Promise<{ userId: number; sessionId: number } | undefined>;
  findDevices: FindDevices;
  access: DeviceAccess;
  /** Whether a user reads an owner's data at all (its alarms' changes are told to that user's sockets). */
  ownerAccess: OwnerAccess;
  /** Records users' picture requests and applies their limits (mqtt/foto-requests.ts). */
  fotoRequests: Pick<FotoRequests, 'askedByUser' | 'withdraw'>;
  clock: () => number;
  log: FastifyBaseLogger;
}

interface Client {
  socket: WebSocket;
  openedAt: number;
  user: { userId: number; sessionId: number; token: string } | null;
  /** Registrations by key, and the keys each device id is registered under. */
  byKey: Map<string, Registration>;
  byDevice: Map<number, string[]>;
  nextCheck: number;
  /** Messages of one socket are handled one after another, in order. */
  queue: Promise<void>;
  alive: boolean;
  skipped: number;
  skipLoggedAt: number;
}

/** A device's weighing the ingestion service stored, as the device's browsers are told of it. */
export function weighingEvent(stored: Extract<AppEvents['weighings.stored'], { source: 'device' }>): DeviceEvent {
  const { device, at, pesagem } = stored;
  return { device, message: { t: 'pesagem', chave: '', iddevice: device.id, modelo: device.modelo, serie: device.serie, em: new Date(at).toISOString(), pesagem } };
}

/**
 * The browsers' live channel (GET /ws): a tab signs in with `hello`, registers the devices its
 * screens show and gets their readings, weighings and pictures as the gateway hands them over;
 * it may send a registered device 'foto' or (with manage rights) 'update'.
 */
export function createLiveHub(deps: LiveHubDeps) {
  const { gateway, events, authenticateToken, findDevices, access, ownerAccess, fotoRequests, clock, log } = deps;
  const clients = new Set<Client>();
  /** Device id → sockets that registered it: the fan-out index. */
  const watchers = new Map<number, Set<Client>>();

  /** One callback for every send (none made per message). */
  const sent = (error?: Error) => {
    if (error) log.debug({ err: error }, 'live channel: a message was not sent (socket closing)');
  };
  const send = (client: Client, message: LiveServerMessage) => {
    if (client.socket.readyState !== client.socket.OPEN) return;
    client.socket.send(JSON.stringify(message), sent);
  };
  /** A device event's frame (frames.ts), the same bytes for every socket that registered it under that key. */
  const batch = new WriteBatch();
  const sendFrame = (client: Client, frame: Buffer) => {
    if (client.socket.readyState !== client.socket.OPEN) return;
    batch.hold(client.socket);
    client.socket.send(frame, TEXT, sent);
  };
  const fail = (client: Client, code: ErrorCode, pedido?: string) => send(client, { t: 'erro', code, ...(pedido === undefined ? {} : { pedido }) });
  const close = (client: Client, code: number, reason: string) => {
    if (client.socket.readyState === client.socket.OPEN || client.socket.readyState === client.socket.CONNECTING) client.socket.close(code, reason);
  };

  function setRegistrations(client: Client, accepted: Map<string, Registration>): void {
    for (const deviceId of client.byDevice.keys()) {
      const set = watchers.get(deviceId);
      set?.delete(client);
      if (set?.size === 0) watchers.delete(deviceId);
    }
    client.byKey = accepted;
    client.byDevice = new Map();
    for (const [key, { device }] of accepted) {
      const keys = client.byDevice.get(device.id);
      if (keys) keys.push(key);
      else client.byDevice.set(device.id, [key]);
      let set = watchers.get(device.id);
      if (!set) watchers.set(device.id, (set = new Set()));
      set.add(client);
    }
  }

  function fanOut({ device, message }: DeviceEvent): void {
    const sockets = watchers.get(device.id);
    if (!sockets) return;
    // Serialised once for all its sockets, and only once one of them takes it.
    let frames: EventFrames | undefined;
    for (const client of sockets) {
      // Readings come again in a moment; weighings and pictures are not repeated, so never skipped.
      if (message.t === 'leitura' && client.socket.bufferedAmount > SLOW_SOCKET_BYTES) {
        noteSkipped(client);
        continue;
      }
      for (const chave of client.byDevice.get(device.id) ?? []) sendFrame(client, (frames ??= new EventFrames(message)).for(chave));
    }
  }

  /** user → owner → whether the user reads the owner, until `until` (forgotten at once when the user's grants change). */
  const ownerReach = new Map<number, { until: number; owners: Map<number, boolean> }>();
  async function readsOwner(userId: number, ownerId: number): Promise<boolean> {
    const now = clock();
    let cached = ownerReach.get(userId);
    if (!cached || cached.until <= now) ownerReach.set(userId, (cached = { until: now + SESSION_CHECK_MS, owners: new Map() }));
    let reads = cached.owners.get(ownerId);
    if (reads === undefined) cached.owners.set(ownerId, (reads = await ownerAccess(userId, ownerId)));
    return reads;
  }

  /** An owner's alarms changed: each signed-in socket of a user who reads that owner is told to read getalarmes again. */
  async function tellAlarms(ownerId: number): Promise<void> {
    const byUser = new Map<number, Client[]>();
    for (const client of clients) {
      if (!client.user) continue;
      const list = byUser.get(client.user.userId);
      if (list) list.push(client);
      else byUser.set(client.user.userId, [client]);
    }
    for (const [userId, sockets] of byUser) {
      if (!(await readsOwner(userId, ownerId))) continue;
      for (const client of sockets) send(client, { t: 'alarmes', prop: ownerId });
    }
  }

  function noteSkipped(client: Client): void {
    client.skipped += 1;
    const now = clock();
    if (now - client.skipLoggedAt < SKIP_LOG_MS) return;
    log.warn({ userId: client.user?.userId, skipped: client.skipped, buffered: client.socket.bufferedAmount }, 'live channel: slow socket, readings skipped');
    client.skipped = 0;
    client.skipLoggedAt = now;
  }

  async function hello(client: Client, token: string): Promise<void> {
    if (client.user) return fail(client, 'LIVE_BAD_MESSAGE');
    const session = await authenticateToken(token);
    if (!session) return close(client, LIVE_CLOSE.unauthenticated, 'session');
    client.user = { ...session, token };
    client.nextCheck = clock() + SESSION_CHECK_MS;
    send(client, { t: 'ready', v: LIVE_CHANNEL_VERSION });
  }

  async function register(client: Client, userId: number, message: Extract<LiveClientMessage, { t: 'registrar' }>): Promise<void> {
    const { accepted, refused } = await checkRegistrations(userId, message.dispositivos, findDevices, access);
    if (client.socket.readyState !== client.socket.OPEN) return;
    setRegistrations(client, accepted);
    send(client, { t: 'registrado', aceitos: [...accepted.keys()], recusados: refused });
  }

  async function command(client: Client, userId: number, message: Extract<LiveClientMessage, { t: 'comando' }>): Promise<void> {
    const { chave, comando, pedido } = message;
    const registration = client.byKey.get(chave);
    if (!registration) return fail(client, 'LIVE_DEVICE_NOT_REGISTERED', pedido);
    const { device } = registration;
    // Reading a device lets one ask for a picture; changing what it runs on needs manage rights.
    if (!(await access({ userId }, device, comando === 'update' ? 'manage' : 'read'))) return fail(client, comando === 'update' ? 'FORBIDDEN' : 'LIVE_DEVICE_NOT_REGISTERED', pedido);
    const order: PortalMessage = comando === 'update' ? { tipo: 'CMD', comando: 'update' } : { tipo: 'CMD', comando: 'foto', pedido };
    // A picture is recorded as asked for (so its answer is stored) and counted against the limits.
    let requestId: number | null = null;
    if (comando === 'foto') {
      const asked = await fotoRequests.askedByUser(userId, device.id, pedido);
      if (!asked.ok) {
        const { ok: _ok, ...refusal } = asked;
        log.debug({ userId, deviceId: device.id, ...refusal }, 'live channel: picture request refused');
        return send(client, { t: 'erro', ...refusal, pedido });
      }
      requestId = asked.id;
    }
    try {
      await gateway.sendCommand({ modelo: device.modelo, serie: device.serie }, order);
    } catch (error) {
      if (requestId !== null) await fotoRequests.withdraw(requestId);
      if (error instanceof AppError) return fail(client, error.code, pedido);
      log.error({ err: error, deviceId: device.id, comando }, 'live channel: command not sent');
      return fail(client, 'LIVE_COMMAND_FAILED', pedido);
    }
    send(client, { t: 'comando_enviado', chave, pedido, comando });
  }

  async function handle(client: Client, message: LiveClientMessage): Promise<void> {
    if (message.t === 'hello') return hello(client, message.token);
    const user = client.user;
    // Anything before the hello: this is not our page (or an old one); no retry helps.
    if (!user) return close(client, LIVE_CLOSE.unauthenticated, 'hello first');
    if (message.t === 'ping') return send(client, { t: 'pong' });
    if (message.t === 'registrar') return register(client, user.userId, message);
    return command(client, user.userId, message);
  }

  /** Session still open? Registrations still allowed (grants, farms and chip ids change)? */
  async function recheck(client: Client): Promise<void> {
    const user = client.user;
    if (!user || client.socket.readyState !== client.socket.OPEN) return;
    const session = await authenticateToken(user.token);
    if (!session) return close(client, LIVE_CLOSE.unauthenticated, 'session');
    if (client.byKey.size === 0) return;
    const wanted = [...client.byKey.values()].map((registration) => registration.asked);
    const { accepted, refused } = await checkRegistrations(user.userId, wanted, findDevices, access);
    if (client.socket.readyState !== client.socket.OPEN || refused.length === 0) return;
    setRegistrations(client, accepted);
    send(client, { t: 'registrado', aceitos: [...accepted.keys()], recusados: refused });
  }

  /** Runs `work` after the socket's earlier messages; a failure is logged and answered, never thrown. */
  function enqueue(client: Client, work: () => Promise<void>, pedido?: string): void {
    client.queue = client.queue.then(work).catch((error: unknown) => {
      const code: ErrorCode = isDatabaseUnavailable(error) ? 'DATABASE_UNAVAILABLE' : 'INTERNAL';
      log.error({ err: error, userId: client.user?.userId }, 'live channel: message failed');
      if (client.user) fail(client, code, pedido);
      else close(client, CLOSE_INTERNAL, 'try again');
    });
  }

  let ticks = 0;
  function tick(): void {
    const now = clock();
    ticks += 1;
    const heartbeat = ticks % HEARTBEAT_TICKS === 0;
    if (heartbeat) for (const [userId, cached] of ownerReach) if (cached.until <= now) ownerReach.delete(userId);
    for (const client of clients) {
      if (heartbeat) {
        if (!client.alive) {
          log.info({ userId: client.user?.userId }, 'live channel: no answer to ping, connection dropped');
          client.socket.terminate();
          continue;
        }
        client.alive = false;
        client.socket.ping();
      }
      if (!client.user) {
        if (now - client.openedAt >= HELLO_TIMEOUT_MS) close(client, LIVE_CLOSE.timeout, 'hello');
      } else if (now >= client.nextCheck) {
        client.nextCheck = now + SESSION_CHECK_MS;
        enqueue(client, () => recheck(client));
      }
    }
  }

  function accept(socket: WebSocket): void {
    const client: Client = {
      socket,
      openedAt: clock(),
      user: null,
      byKey: new Map(),
      byDevice: new Map(),
      nextCheck: Number.POSITIVE_INFINITY,
      queue: Promise.resolve(),
      alive: true,
      skipped: 0,
      skipLoggedAt: Number.NEGATIVE_INFINITY,
    };
    clients.add(client);
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('message', (data, isBinary) => {
      const parsed = parseClientMessage(data, isBinary);
      if (!parsed.ok) {
        if (parsed.reason === 'version') return close(client, LIVE_CLOSE.version, 'version');
        log.warn({ userId: client.user?.userId, detail: parsed.detail }, 'live channel: bad message');
        return fail(client, 'LIVE_BAD_MESSAGE');
      }
      const { message } = parsed;
      enqueue(client, () => handle(client, message), message.t === 'comando' ? message.pedido : undefined);
    });
    socket.on('error', (error) => log.warn({ err: error, userId: client.user?.userId }, 'live channel: socket error'));
    socket.on('close', () => {
      setRegistrations(client, new Map());
      clients.delete(client);
    });
  }

  /** The Fastify plugin serving GET /ws. */
  return async function liveHub(app: FastifyInstance): Promise<void> {
    const unsubscribe = gateway.onEvent((event) => {
      try {
        fanOut(event);
      } catch (error) {
        log.error({ err: error, deviceId: event.device.id }, 'live channel: fan-out failed');
      }
    });
    // A failing fan-out is logged by the bus; the weighing is stored and acknowledged all the same.
    const unsubscribeWeighings = events.on('weighings.stored', (stored) => {
      if (stored.source === 'device') fanOut(weighingEvent(stored));
    });
    // A grant revoked or narrowed (on any instance): that user's sockets are checked at once.
    const unsubscribeGrants = gateway.onGrantsChanged((userId) => {
      ownerReach.delete(userId);
      for (const client of clients) if (client.user?.userId === userId) enqueue(client, () => recheck(client));
    });
    const unsubscribeAlarms = events.on('alarms.changed', ({ ownerId }) =>
      tellAlarms(ownerId).catch((error: unknown) => log.error({ err: error, ownerId }, 'live channel: telling tabs of changed alarms failed')),
    );
    const timer = setInterval(tick, TICK_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      unsubscribe();
      unsubscribeWeighings();
      unsubscribeGrants();
      unsubscribeAlarms();
    });
    // A WebSocket is not an API call: hidden from the OpenAPI document (and so from the fuzz).
    app.get(LIVE_PATH, { websocket: true, schema: { hide: true } }, (socket) => accept(socket));
  };
}
