import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Redis } from 'ioredis';
import { connect, connectAsync, type IClientOptions, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { commandTopic, dataTopic, type VerifiedDevice } from '../modules/devices/index.js';
import { until } from '../test/device-client.js';
import { recordingLogger } from '../test/mqtt.js';
import { freePort, waitForPort } from '../test/server-process.js';
import { flushRedisPrefix, redisReachable, TEST_REDIS_URL, uniqueRedisPrefix } from '../test/redis.js';
import { connectBrokerCluster, isDataTopic, subscriptionRoute } from './broker-cluster.js';
import { startEmbeddedBroker, type EmbeddedBroker } from './broker.js';

/**
 * Two embedded brokers clustered over Redis in one process, with the portal's login and topic
 * rules over two stub devices: what the cluster shares (commands, persistent sessions, retained
 * messages, a client id's takeover) and what it keeps to the device's own broker (data topics).
 * The portal on top (gateways, storage, tabs) is in cluster-instances.test.ts.
 */
const log = createLogger({ LOG_LEVEL: 'silent' });
const REDIS_SERVER = '/usr/bin/redis-server';
const withRedis = await redisReachable();

describe('subscriptionRoute and isDataTopic', () => {
  it('keeps exactly the data topics local', () => {
    expect(isDataTopic('portal/CS/0042/dados')).toBe(true);
    for (const topic of ['portal/CS/0042/cmd', 'portal/interno/acessos', 'portal/CS/0042/dados/x', 'x/CS/0042/dados', '$SYS/abc/heartbeat']) expect(isDataTopic(topic), topic).toBe(false);
    expect(subscriptionRoute('portal/+/+/dados')).toBe('local');
    expect(subscriptionRoute('portal/CS/0042/dados')).toBe('local');
    expect(subscriptionRoute('portal/CS/+/dados')).toBe('local');
    for (const pattern of ['portal/CS/0042/cmd', 'portal/interno/acessos', '$SYS/+/heartbeat', 'portal/+/+/cmd', 'x/+/+/dados', 'portal/+/+/dados/x']) expect(subscriptionRoute(pattern), pattern).toBe('cluster');
    for (const pattern of ['#', 'portal/#', 'portal/+/+/+', '+/+/+/dados', '+/#', 'portal/CS/#', 'portal/CS/0042/dados/#']) expect(subscriptionRoute(pattern), pattern).toBe('both');
  });
});

const device = (id: number, serie: string): VerifiedDevice & { usuario: string; senha: string } => ({ id, owner_id: 1, modelo: 'CS', serie, chip_id: 'CHIP', usuario: `cs-${serie}`, senha: `secret-${serie}` });
const DEVICES = [device(1, 'C1'), device(2, 'C2')];
const devices = {
  async verifyDeviceCredential(usuario: string, senha: string) {
    return DEVICES.find((known) => known.usuario === usuario && known.senha === senha) ?? null;
  },
};

/** A connected MQTT client that keeps what it receives. */
async function connectClient(url: string, options: IClientOptions, subscribe?: string) {
  // Listening before the connection: a queued message may come in the CONNACK's packet.
  const client = connect(url, { reconnectPeriod: 0, connectTimeout: 20_000, clean: true, ...options });
  const received: { topic: string; text: string; retain: boolean }[] = [];
  client.on('message', (topic, payload, packet) => received.push({ topic, text: payload.toString(), retain: packet.retain }));
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  if (subscribe) await client.subscribeAsync(subscribe, { qos: 1 });
  return { client, received };
}

async function loginResult(url: string, username: string, password: string, clientId: string): Promise<string> {
  try {
    const client = await connectAsync(url, { username, password, clientId, reconnectPeriod: 0, connectTimeout: 5_000 });
    await client.endAsync(true);
    return 'connected';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

describe.skipIf(!withRedis)('embedded brokers clustered over Redis', () => {
  const prefix = uniqueRedisPrefix('broker-cluster');
  const cluster = { url: TEST_REDIS_URL, prefix };
  let a: EmbeddedBroker;
  let b: EmbeddedBroker;
  const clients: MqttClient[] = [];
  const url = (broker: EmbeddedBroker) => `mqtt://127.0.0.1:${broker.port}`;
  const deviceLogin = (known: (typeof DEVICES)[number], options: IClientOptions = {}): IClientOptions => ({ username: known.usuario, password: known.senha, clientId: `CS-${known.serie}`, ...options });
  async function open(broker: EmbeddedBroker, options: IClientOptions, subscribe?: string) {
    const opened = await connectClient(url(broker), options, subscribe);
    clients.push(opened.client);
    return opened;
  }
  /** The broker's own gateway login, subscribed to every device's data topic. */
  const gateway = (broker: EmbeddedBroker) => open(broker, { ...broker.internal, clientId: `gw-${broker.port}` }, 'portal/+/+/dados');

  beforeAll(async () => {
    a = await startEmbeddedBroker({ port: 0, devices, log, cluster });
    b = await startEmbeddedBroker({ port: 0, devices, log, cluster });
  });
  afterAll(async () => {
    await Promise.allSettled(clients.map((client) => client.endAsync(true)));
    await Promise.allSettled([a?.close(), b?.close()]);
    await flushRedisPrefix(prefix);
  });

  it('refuses a wrong password on either broker, and takes the right one on both', async () => {
    for (const broker of [a, b]) {
      expect(await loginResult(url(broker), DEVICES[0]!.usuario, 'wrong', 'CS-C1')).toMatch(/Bad username or password/);
      expect(await loginResult(url(broker), DEVICES[0]!.usuario, DEVICES[0]!.senha, 'CS-C1')).toBe('connected');
    }
  });

  it("hands a device's data message to its own broker's subscribers only", async () => {
    const [gatewayA, gatewayB] = [await gateway(a), await gateway(b)];
    const onA = await open(a, deviceLogin(DEVICES[0]!));
    const onB = await open(b, deviceLogin(DEVICES[1]!), commandTopic('CS', 'C2'));
    await onA.client.publishAsync(dataTopic('CS', 'C1'), 'from-a', { qos: 1 });
    await onB.client.publishAsync(dataTopic('CS', 'C2'), 'from-b', { qos: 1 });
    await until(() => gatewayA.received.length > 0 && gatewayB.received.length > 0, 'both gateways to receive');
    // A message the other broker would have carried has had time to arrive: a command sent after both
    // crosses the cluster, and Redis keeps the order of one connection's publishes.
    await gatewayA.client.publishAsync(commandTopic('CS', 'C2'), 'marker', { qos: 1 });
    await until(() => onB.received.some((message) => message.text === 'marker'), 'the marker to cross the cluster');
    expect(gatewayA.received.map((message) => message.text)).toEqual(['from-a']);
    expect(gatewayB.received.map((message) => message.text)).toEqual(['from-b']);
  });

  it("delivers the portal's command to a device on the other broker, and the device's answer to its own broker", async () => {
    const gatewayA = await gateway(a);
    const onB = await open(b, deviceLogin(DEVICES[1]!, { clientId: 'CS-C2~cmd' }), commandTopic('CS', 'C2'));
    const gatewayB = await gateway(b);
    await gatewayA.client.publishAsync(commandTopic('CS', 'C2'), 'P1|CMD|foto|p-1', { qos: 1 });
    await until(() => onB.received.some((message) => message.text === 'P1|CMD|foto|p-1'), 'the command on B');
    await onB.client.publishAsync(dataTopic('CS', 'C2'), 'answer', { qos: 1 });
    await until(() => gatewayB.received.some((message) => message.text === 'answer'), 'the answer on B');
    expect(gatewayA.received.some((message) => message.text === 'answer')).toBe(false);
  });

  it('keeps a persistent session across brokers: a QoS 1 command sent while offline arrives on the other broker, after the CONNACK', async () => {
    const gatewayA = await gateway(a);
    const ROUNDS = 10;
    // Several rounds: the command often comes through Redis while the session is being restored,
    // before aedes answers the CONNECT (connack-first.ts holds it; mqtt.js would hang otherwise).
    for (let round = 0; round < ROUNDS; round += 1) {
      const login = deviceLogin(DEVICES[0]!, { clientId: `CS-C1~persistent${round}`, clean: false, connectTimeout: 20_000 });
      const first = await open(b, login, commandTopic('CS', 'C1'));
      await first.client.endAsync();
      await gatewayA.client.publishAsync(commandTopic('CS', 'C1'), `while-offline-${round}`, { qos: 1 });
      const again = await open(a, login);
      await until(() => again.received.some((message) => message.text === `while-offline-${round}`), `the queued command of round ${round} after reconnecting elsewhere`);
      await again.client.endAsync();
    }
    // Taken: the last session's queue is empty when it connects once more (the earlier sessions,
    // offline and subscribed, have the later rounds' commands queued).
    const third = await open(b, deviceLogin(DEVICES[0]!, { clientId: `CS-C1~persistent${ROUNDS - 1}`, clean: false }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(third.received).toEqual([]);
  }, 60_000);

  it('gives a retained message published through one broker to a subscriber on the other', async () => {
    const gatewayA = await gateway(a);
    await gatewayA.client.publishAsync(commandTopic('CS', 'C2'), 'kept', { qos: 1, retain: true });
    const onB = await open(b, deviceLogin(DEVICES[1]!, { clientId: 'CS-C2~retained' }), commandTopic('CS', 'C2'));
    await until(() => onB.received.some((message) => message.text === 'kept' && message.retain), 'the retained message on B');
    await gatewayA.client.publishAsync(commandTopic('CS', 'C2'), '', { qos: 1, retain: true });
  });

  it("keeps no device's data message retained", async () => {
    const onA = await open(a, deviceLogin(DEVICES[0]!, { clientId: 'CS-C1~retain' }));
    await onA.client.publishAsync(dataTopic('CS', 'C1'), 'not-kept', { qos: 1, retain: true });
    const gatewayA = await gateway(a);
    const gatewayB = await gateway(b);
    await onA.client.publishAsync(dataTopic('CS', 'C1'), 'after', { qos: 1 });
    await until(() => gatewayA.received.some((message) => message.text === 'after'), 'the message after');
    expect([...gatewayA.received, ...gatewayB.received].map((message) => message.text)).toEqual(['after']);
  });

  it('ends the older connection of a client id that connects on the other broker', async () => {
    const first = await open(a, deviceLogin(DEVICES[0]!, { clientId: 'CS-C1~twice' }));
    const closed = new Promise<void>((resolve) => first.client.once('close', () => resolve()));
    await open(b, deviceLogin(DEVICES[0]!, { clientId: 'CS-C1~twice' }));
    await closed;
  });

  it('keeps the sessions under REDIS_PREFIX', async () => {
    const redis = new Redis(TEST_REDIS_URL);
    try {
      expect(await redis.smembers(`${prefix}broker:clients`)).toContain('CS-C1~persistent0');
    } finally {
      redis.disconnect();
    }
  });
});

/** A Redis of this test's own on a free port (no persistence), which it may kill and start again. */
async function privateRedis() {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await waitForPort(port);
  };
  const kill = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, kill };
}

describe.skipIf(!existsSync(REDIS_SERVER))('a cluster whose Redis goes away and comes back', () => {
  it('keeps handling its own devices meanwhile, then carries commands again', async () => {
    const redis = await privateRedis();
    const { log: recording, lines } = recordingLogger();
    const cluster = { url: redis.url, prefix: 'portal-test:outage:' };
    const brokers: EmbeddedBroker[] = [];
    const clients: MqttClient[] = [];
    try {
      for (let index = 0; index < 2; index += 1) brokers.push(await startEmbeddedBroker({ port: 0, devices, log: recording, cluster }));
      const [a, b] = brokers as [EmbeddedBroker, EmbeddedBroker];
      const handed: string[] = [];
      a.local.onPublish('portal/+/+/dados', (_topic, payload) => handed.push(payload.toString()));
      const onA = await connectClient(`mqtt://127.0.0.1:${a.port}`, { username: 'cs-C1', password: 'secret-C1', clientId: 'CS-C1' });
      const onB = await connectClient(`mqtt://127.0.0.1:${b.port}`, { username: 'cs-C2', password: 'secret-C2', clientId: 'CS-C2', reconnectPeriod: 500 }, commandTopic('CS', 'C2'));
      clients.push(onA.client, onB.client);

      await redis.kill();
      await until(() => lines.some((line) => line.msg.startsWith('mqtt cluster: redis connection lost')), 'the outage to be logged', 30_000);
      // A device's messages stay in its instance: handled without Redis.
      await onA.client.publishAsync(dataTopic('CS', 'C1'), 'during the outage', { qos: 1 });
      await until(() => handed.includes('during the outage'), 'the message to be handed over during the outage', 30_000);

      await redis.start();
      await until(() => lines.some((line) => line.msg === 'mqtt cluster: redis connection back'), 'the connections to come back', 30_000);
      // Commands cross again once B listens again (Redis forgets subscriptions; ioredis renews them).
      await until(
        async () => {
          await a.local.publish(commandTopic('CS', 'C2'), 'after the outage', 1);
          await new Promise((resolve) => setTimeout(resolve, 200));
          return onB.received.some((message) => message.text === 'after the outage');
        },
        'a command to cross after the outage',
        30_000,
      );
    } finally {
      await Promise.allSettled(clients.map((client) => client.endAsync(true)));
      await Promise.allSettled(brokers.map((broker) => broker.close()));
      await redis.kill();
    }
  }, 120_000);
});

describe('a cluster whose Redis does not answer', () => {
  it('refuses to start, naming REDIS_URL', async () => {
    await expect(connectBrokerCluster({ url: 'redis://127.0.0.1:1', prefix: 'portal-test:none:' }, log, 1_000)).rejects.toThrow(/REDIS_URL: Redis at redis:\/\/127\.0\.0\.1:1.* did not answer/);
  });
});
