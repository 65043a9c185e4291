import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { notifyChannelFor } from '../db/dialect.js';
import type { EventBus } from '../events/index.js';
import { logLimiter } from '../mqtt/log-limiter.js';
import type { DeviceGateway } from '../mqtt/types.js';
import { redisTransport } from './cluster-redis.js';
import { encodeItem, frameReader, INSTANCE_ID_LENGTH, packFrames, RELAYED_EVENTS, type ClusterItem } from './cluster-wire.js';
import { weighingEvent } from './hub.js';

/**
 * The instances' cluster channel (docs/decisions/0008-instances-share-ingestion.md). Once several
 * instances share the device messages (MQTT shared subscriptions on MQTT_URL, or the embedded
 * brokers clustered over REDIS_URL), each message is handled by ONE instance; what it tells its own
 * browsers must reach the other instances' too, and the caches of the others must hear what changed:
 *
 * - live events (readings, stored weighings, pictures) the instance handled: sent once, batched;
 *   every other instance hands them to its gateway's listeners (its hub's sockets, its recent
 *   readings) and sends them no further, so no tab gets one twice and nothing loops back;
 * - the bus events of RELAYED_EVENTS ('device.changed', 'sessions.changed', 'alarms.changed': the
 *   other instances' tabs hear their owner's alarms changed): emitted again on the other instances'
 *   buses, marked so they are not sent back.
 *
 * Not sent: 'weighings.stored' and 'readings.stored' as bus events and 'dosagens.opened' (what
 * follows a write is done once, by the instance that wrote), 'grants.changed' (it already reaches
 * every instance through the broker's portal/interno/acessos, a plain subscription, mqtt/grant-notices.ts).
 *
 * Over Redis pub/sub when REDIS_URL is set; else, with MQTT_URL, PostgreSQL's LISTEN/NOTIFY
 * (frames under 8,000 bytes); else (one instance: the embedded broker alone, or SQLite) none, and
 * everything stays in-process as before.
 */
export interface ClusterTransport {
  readonly name: 'redis' | 'postgres';
  /** The largest frame the transport carries, in bytes. */
  readonly maxFrameBytes: number;
  /** Connects and listens; fails (naming the variable) when it cannot. */
  start(onFrame: (frame: string) => void): Promise<void>;
  /** Sends one frame to every instance, this one included (it skips its own). */
  send(frame: string): Promise<void>;
  close(): Promise<void>;
}

/** PostgreSQL's channel (per database: two portals on two databases of one server do not meet). */
export const NOTIFY_CHANNEL = 'portal_live';
/** Events waiting for the next batch, at most; past it live events are dropped (and counted in the log). */
const MAX_PENDING = 50_000;
/** Frames handed to the transport and not yet sent, at most; past it a batch is dropped. */
const MAX_IN_FLIGHT = 2_000;

/** The transport this configuration calls for, or null when one instance works alone. */
export function clusterTransport(config: Pick<Config, 'REDIS_URL' | 'REDIS_PREFIX' | 'MQTT_URL' | 'DATABASE_URL'>, log: FastifyBaseLogger): ClusterTransport | null {
  if (config.REDIS_URL) return redisTransport({ url: config.REDIS_URL, prefix: config.REDIS_PREFIX, log });
  // The embedded broker without REDIS_URL serves one instance: nothing to share.
  if (!config.MQTT_URL) return null;
  const channel = notifyChannelFor(config.DATABASE_URL, NOTIFY_CHANNEL, log);
  if (!channel) return null;
  return {
    name: 'postgres',
    maxFrameBytes: channel.maxPayloadBytes,
    async start(onFrame) {
      await channel.start(onFrame);
      log.info({ channel: NOTIFY_CHANNEL }, 'live cluster: instances share live events over postgres notify');
    },
    send: (frame) => channel.send(frame),
    close: () => channel.close(),
  };
}

export interface InstanceClusterDeps {
  /** null: this instance works alone; start and close do nothing. */
  transport: ClusterTransport | null;
  /** Where this instance's live events come from, and where the others' are handed. */
  gateway: Pick<DeviceGateway, 'onEvent' | 'relay'>;
  events: EventBus;
  log: FastifyBaseLogger;
}

export function instanceCluster(deps: InstanceClusterDeps) {
  const { transport, gateway, events, log } = deps;
  const id = randomBytes(INSTANCE_ID_LENGTH / 2).toString('hex');
  const own = `${id} `;
  const limited = logLimiter(log);
  const reader = frameReader();
  /** What came from another instance: seen again by this instance's listeners, never sent back. */
  const relayed = new WeakSet<object>();
  const unsubscribes: (() => void)[] = [];
  const counts = { sent: 0, received: 0, dropped: 0 };
  let pending: ClusterItem[] = [];
  let scheduled = false;
  let inFlight = 0;
  let sending: Promise<void> = Promise.resolve();
  let started = false;
  let partId = 0;

  function queue(item: ClusterItem): void {
    if (!started) return;
    if (pending.length >= MAX_PENDING) return dropped(1, 'queue full');
    pending.push(item);
    if (scheduled) return;
    scheduled = true;
    // One batch per turn of the event loop: what one read from the broker brought goes out together.
    setImmediate(flush);
  }

  function dropped(items: number, reason: string): void {
    counts.dropped += items;
    limited.warn(reason, { items, reason, transport: transport?.name }, 'live cluster: live events not sent to the other instances');
  }

  function flush(): void {
    scheduled = false;
    const items = pending;
    pending = [];
    if (items.length === 0 || !transport) return;
    if (inFlight >= MAX_IN_FLIGHT) return dropped(items.length, 'transport behind');
    let frames: string[];
    try {
      frames = packFrames(id, items.map(encodeItem), transport.maxFrameBytes, () => (partId += 1));
    } catch (error) {
      log.error({ err: error, items: items.length }, 'live cluster: events could not be packed');
      return;
    }
    inFlight += frames.length;
    sending = sending.then(async () => {
      for (const frame of frames) {
        try {
          await transport.send(frame);
          counts.sent += 1;
        } catch (error) {
          counts.dropped += 1;
          limited.warn('send', { err: error instanceof Error ? error.message : String(error), transport: transport.name }, 'live cluster: a frame was not sent to the other instances');
        } finally {
          inFlight -= 1;
        }
      }
    });
  }

  function received(frame: string): void {
    if (frame.startsWith(own)) return;
    const decoded = reader.read(frame);
    if (decoded === null) return;
    if (!decoded.ok) return limited.warn(`read ${decoded.from}`, { from: decoded.from, detail: decoded.detail, bytes: frame.length }, 'live cluster: unreadable frame dropped');
    counts.received += 1;
    for (const item of decoded.items) {
      try {
        deliver(item);
      } catch (error) {
        log.error({ err: error, kind: item.kind }, 'live cluster: an event from another instance was not delivered');
      }
    }
  }

  function deliver(item: ClusterItem): void {
    if (item.kind === 'device') {
      relayed.add(item.event);
      gateway.relay(item.event);
      return;
    }
    relayed.add(item.payload);
    // The bus logs a failing listener itself.
    void events.emit(item.name, item.payload as never);
  }

  return {
    /** This instance's id in the frames it sends. */
    id,
    /** 'redis', 'postgres', or null alone. */
    transport: transport?.name ?? null,
    /** Frames sent and read, events dropped (tests, and the log on close). */
    counts: (): Readonly<typeof counts> => ({ ...counts }),

    /** Connects before the gateway starts, so the first device message's events are shared too. */
    async start(): Promise<void> {
      if (!transport || started) return;
      await transport.start(received);
      started = true;
      unsubscribes.push(
        gateway.onEvent((event) => {
          if (!relayed.has(event)) queue({ kind: 'device', event });
        }),
        events.on('weighings.stored', (stored) => {
          if (stored.source === 'device') queue({ kind: 'device', event: weighingEvent(stored) });
        }),
      );
      for (const name of RELAYED_EVENTS) {
        unsubscribes.push(
          events.on(name, (payload) => {
            if (!relayed.has(payload)) queue({ kind: 'bus', name, payload } as ClusterItem);
          }),
        );
      }
    },

    /** After the gateway stopped: what its last messages told is sent, then the transport closes. */
    async close(): Promise<void> {
      if (!transport || !started) return;
      for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
      flush();
      started = false;
      await sending;
      await transport.close().catch((error: unknown) => log.warn({ err: error instanceof Error ? error.message : String(error) }, 'live cluster: transport not closed cleanly'));
      log.info({ transport: transport.name, ...counts }, 'live cluster: closed');
    },
  };
}
export type InstanceCluster = ReturnType<typeof instanceCluster>;
