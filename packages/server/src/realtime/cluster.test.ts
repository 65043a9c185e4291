import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { APPLICATION_NAME } from '../db/notify.js';
import { createEventBus, type AppEvents, type EventBus } from '../events/index.js';
import type { DeviceEvent } from '../mqtt/types.js';
import { createTestDatabase, testDialects } from '../test/harness.js';
import { recordingLogger } from '../test/mqtt.js';
import { flushRedisPrefix, redisReachable, TEST_REDIS_URL, uniqueRedisPrefix } from '../test/redis.js';
import { until } from '../test/device-client.js';
import { clusterTransport, instanceCluster, type ClusterTransport } from './cluster.js';

const device = { id: 7, owner_id: 3, modelo: 'CS', serie: 'S-1' };
const reading = (peso: number): DeviceEvent => ({
  device,
  message: { t: 'leitura', chave: '', iddevice: 7, modelo: 'CS', serie: 'S-1', em: new Date(1_800_000_000_000 + peso).toISOString(), leitura: { tipo: 'PESO', peso, estavel: true, aves: 1 } },
});
const stored = (seq: number): AppEvents['weighings.stored'] => ({
  source: 'device',
  ownerId: 3,
  device,
  at: 1_800_000_000_000,
  created: true,
  pesagem: { id: seq, seq, data: '2026-11-27', hora: '10:00:00', nucleo: 'N', lote: '', aviario: '1', lado: '1', box: '1', sexo: 'M', peso: 1500, idade_lote: null, linha: '', score: null, obs: '' },
});
const pesoOf = (event: DeviceEvent) => (event.message.t === 'leitura' && event.message.leitura.tipo === 'PESO' ? event.message.leitura.peso : null);

/** What the hub sees of a gateway: its own events and the relayed ones, through onEvent. */
function fakeGateway() {
  const listeners = new Set<(event: DeviceEvent) => void>();
  const told: DeviceEvent[] = [];
  const relayed: DeviceEvent[] = [];
  const tell = (event: DeviceEvent) => {
    for (const listener of listeners) listener(event);
  };
  listeners.add((event) => told.push(event));
  return {
    told,
    relayed,
    /** A message this instance handled. */
    handled: tell,
    onEvent(listener: (event: DeviceEvent) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    relay(event: DeviceEvent) {
      relayed.push(event);
      tell(event);
    },
  };
}

/** A broadcast medium in memory: every frame reaches every started transport, the sender's too, a moment later. */
function memoryMedium(maxFrameBytes = Number.POSITIVE_INFINITY) {
  const receivers = new Set<(frame: string) => void>();
  let frames = 0;
  return {
    get frames() {
      return frames;
    },
    transport(): ClusterTransport {
      let receiver: ((frame: string) => void) | null = null;
      return {
        name: 'redis',
        maxFrameBytes,
        async start(onFrame) {
          receiver = onFrame;
          receivers.add(onFrame);
        },
        async send(frame) {
          frames += 1;
          if (Buffer.byteLength(frame) > maxFrameBytes) throw new Error('frame too large');
          for (const deliver of receivers) setImmediate(() => deliver(frame));
        },
        async close() {
          if (receiver) receivers.delete(receiver);
        },
      };
    },
  };
}

type Instance = { cluster: ReturnType<typeof instanceCluster>; gateway: ReturnType<typeof fakeGateway>; bus: EventBus; heard: Record<string, unknown[]> };

async function startInstances(count: number, transport: (index: number) => ClusterTransport): Promise<Instance[]> {
  const instances: Instance[] = [];
  for (let index = 0; index < count; index += 1) {
    const { log } = recordingLogger();
    const bus = createEventBus(log);
    const heard: Record<string, unknown[]> = {};
    for (const name of ['device.changed', 'sessions.changed', 'grants.changed', 'readings.stored', 'weighings.stored'] as const) {
      heard[name] = [];
      bus.on(name, (payload) => void heard[name]!.push(payload));
    }
    const gateway = fakeGateway();
    const cluster = instanceCluster({ transport: transport(index), gateway, events: bus, log });
    await cluster.start();
    instances.push({ cluster, gateway, bus, heard });
  }
  return instances;
}

/** The checks every transport passes: each event once everywhere, nothing back to its sender, no loop. */
async function sharesOnce(instances: Instance[], readings: number): Promise<void> {
  const [a, b] = instances as [Instance, Instance];
  for (let peso = 0; peso < readings; peso += 1) (peso % 2 === 0 ? a : b).gateway.handled(reading(peso));
  await a.bus.emit('weighings.stored', stored(1));
  await b.bus.emit('weighings.stored', { source: 'import', ownerId: 3, importacaoId: 1, rows: 10 });
  await a.bus.emit('device.changed', { modelo: 'CS', serie: 'S-1' });
  await b.bus.emit('sessions.changed', { userId: 4, sessionId: 9 });
  await a.bus.emit('grants.changed', { granteeId: 5 });

  for (const instance of instances) {
    // The weighing stored on A reaches A's tabs from its own bus (the hub), the others' through their gateways.
    const weighing = () => instance === a || instance.gateway.told.some((event) => event.message.t === 'pesagem');
    await until(() => instance.gateway.told.filter((event) => event.message.t === 'leitura').length === readings && weighing(), 'every reading and the weighing on every instance');
  }
  await until(() => b.heard['device.changed']!.length === 1 && a.heard['sessions.changed']!.length === 1, 'the relayed bus events');
  // A moment for anything sent twice or looping back to show.
  await new Promise((resolve) => setTimeout(resolve, 300));
  for (const instance of instances) {
    const pesos = instance.gateway.told.map(pesoOf).filter((peso) => peso !== null);
    expect(pesos.sort((x, y) => x - y)).toEqual(Array.from({ length: readings }, (_, index) => index));
    expect(instance.gateway.told.filter((event) => event.message.t === 'pesagem')).toHaveLength(instance === a ? 0 : 1);
  }
  expect(b.gateway.told.find((event) => event.message.t === 'pesagem')?.message).toMatchObject({ t: 'pesagem', chave: '', iddevice: 7, modelo: 'CS', serie: 'S-1', pesagem: { seq: 1, peso: 1500 } });
  // The sender's own events are not relayed back to it.
  expect(a.gateway.relayed.map(pesoOf)).toEqual(expect.not.arrayContaining([0, 2]));
  expect(a.gateway.relayed.every((event) => pesoOf(event)! % 2 === 1)).toBe(true);
  // Each bus event once per instance (the emitting one included), never sent back; grants go through the broker.
  for (const instance of instances) {
    expect(instance.heard['device.changed']).toEqual([{ modelo: 'CS', serie: 'S-1' }]);
    expect(instance.heard['sessions.changed']).toEqual([{ userId: 4, sessionId: 9 }]);
  }
  expect(b.heard['grants.changed']).toEqual([]);
  expect(a.heard['weighings.stored']).toHaveLength(1);
  expect(b.heard['weighings.stored']).toHaveLength(1);
}

describe('the cluster channel between instances', () => {
  it('gives each instance the others’ events once, and its own never back', async () => {
    const medium = memoryMedium();
    const instances = await startInstances(3, () => medium.transport());
    await sharesOnce(instances, 200);
    const sent = medium.frames;
    // Batched: far fewer frames than events; nothing kept going round.
    expect(sent).toBeLessThan(60);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(medium.frames).toBe(sent);
    for (const { cluster } of instances) await cluster.close();
  });

  it('keeps frames under PostgreSQL’s limit', async () => {
    const medium = memoryMedium(7_999);
    const instances = await startInstances(2, () => medium.transport());
    await sharesOnce(instances, 2_000);
    for (const { cluster } of instances) expect(cluster.counts().dropped).toBe(0);
    for (const { cluster } of instances) await cluster.close();
  });

  it('sends what was told before close, and nothing after', async () => {
    const medium = memoryMedium();
    const [a, b] = (await startInstances(2, () => medium.transport())) as [Instance, Instance];
    a.gateway.handled(reading(1));
    await a.cluster.close();
    await until(() => b.gateway.told.length === 1, 'the last event before close');
    a.gateway.handled(reading(2));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(b.gateway.told.map(pesoOf)).toEqual([1]);
    await b.cluster.close();
  });

  it('is chosen by the configuration: Redis, PostgreSQL with an external broker, or none', () => {
    const { log } = recordingLogger();
    const base = { DATABASE_URL: 'sqlite:./x.sqlite' };
    expect(clusterTransport(loadConfig(base), log)).toBeNull();
    expect(clusterTransport(loadConfig({ ...base, MQTT_URL: 'mqtt://broker:1883' }), log)).toBeNull();
    expect(clusterTransport(loadConfig({ DATABASE_URL: 'postgres://u@db/portal' }), log)).toBeNull();
    expect(clusterTransport(loadConfig({ DATABASE_URL: 'postgres://u@db/portal', MQTT_URL: 'mqtt://broker:1883' }), log)?.name).toBe('postgres');
    expect(clusterTransport(loadConfig({ ...base, REDIS_URL: 'redis://cache:6379' }), log)?.name).toBe('redis');
    expect(clusterTransport(loadConfig({ DATABASE_URL: 'postgres://u@db/portal', MQTT_URL: 'mqtt://broker:1883', REDIS_URL: 'redis://cache:6379' }), log)?.name).toBe('redis');
  });

  it('alone (no transport) starts and closes without doing anything', async () => {
    const { log } = recordingLogger();
    const gateway = fakeGateway();
    const cluster = instanceCluster({ transport: null, gateway, events: createEventBus(log), log });
    await cluster.start();
    gateway.handled(reading(1));
    expect(cluster.transport).toBeNull();
    await cluster.close();
    expect(gateway.told).toHaveLength(1);
  });
});

const withPostgres = testDialects().includes('postgres');
const withRedis = await redisReachable();

describe.skipIf(!withRedis)('the cluster channel over Redis', () => {
  const prefix = uniqueRedisPrefix('live-cluster');
  afterAll(() => flushRedisPrefix(prefix).then(() => undefined));

  it('shares events between instances once each', async () => {
    const { log } = recordingLogger();
    const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix });
    const instances = await startInstances(2, () => clusterTransport(config, log)!);
    try {
      await sharesOnce(instances, 300);
    } finally {
      for (const { cluster } of instances) await cluster.close();
    }
  });

  it('refuses to start when Redis does not answer, naming REDIS_URL', async () => {
    const { log } = recordingLogger();
    const transport = clusterTransport(loadConfig({ DATABASE_URL: 'sqlite::memory:', REDIS_URL: 'redis://127.0.0.1:1' }), log)!;
    const cluster = instanceCluster({ transport, gateway: fakeGateway(), events: createEventBus(log), log });
    await expect(cluster.start()).rejects.toThrow(/REDIS_URL: Redis at redis:\/\/127\.0\.0\.1:1.* did not answer/);
  });
});

describe.skipIf(!withPostgres)('the cluster channel over PostgreSQL LISTEN/NOTIFY', () => {
  it('shares events between instances on one database once each, large ones in parts', async () => {
    const database = await createTestDatabase('postgres', '/tmp');
    const { log } = recordingLogger();
    const config = loadConfig({ DATABASE_URL: database.url, MQTT_URL: 'mqtt://127.0.0.1:1' });
    const instances = await startInstances(2, () => clusterTransport(config, log)!);
    try {
      await sharesOnce(instances, 1_000);
      // A collector's batch larger than one NOTIFY.
      const [a, b] = instances as [Instance, Instance];
      const items = Array.from({ length: 400 }, (_, index) => ({ seq: index, texto: `açúcar ${index}` }));
      a.gateway.handled({ device, message: { ...reading(0).message, leitura: { tipo: 'COLETA', itens: items } } as unknown as DeviceEvent['message'] });
      await until(() => b.gateway.told.some((event) => event.message.t === 'leitura' && event.message.leitura.tipo === 'COLETA'), 'the large event on the other instance');
    } finally {
      for (const { cluster } of instances) await cluster.close();
      await database.drop();
    }
  });

  it('listens again after PostgreSQL ended its connection', async () => {
    const database = await createTestDatabase('postgres', '/tmp');
    const { log } = recordingLogger();
    const config = loadConfig({ DATABASE_URL: database.url, MQTT_URL: 'mqtt://127.0.0.1:1' });
    const [a, b] = (await startInstances(2, () => clusterTransport(config, log)!)) as [Instance, Instance];
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const ended = await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()`, [APPLICATION_NAME]);
      expect(ended.rowCount).toBe(2);
      // What is sent while a side is away is lost (NOTIFY keeps nothing): send until one arrives.
      let peso = 0;
      await until(() => {
        a.gateway.handled(reading((peso += 1)));
        return b.gateway.told.length > 0;
      }, 'a reading after both connections were ended');
    } finally {
      await admin.end();
      await a.cluster.close();
      await b.cluster.close();
      await database.drop();
    }
  });
});
