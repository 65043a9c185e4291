import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatDeviceMessage, type DeviceSaved } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/dialect.js';
import { migrateToLatest } from '../db/migrate.js';
import { LiveSocket, range, SimDevice, until } from '../test/device-client.js';
import { createTestDatabase, testDialects, testPortalEnv } from '../test/harness.js';
import { recordingLogger, type LogLine } from '../test/mqtt.js';
import { flushRedisPrefix, redisReachable, TEST_REDIS_URL, uniqueRedisPrefix } from '../test/redis.js';
import { callApi, createFarm, createScale, signUp, startMosquitto, storedSeqs, withMosquitto } from '../test/server-process.js';

/**
 * Issue 23 part 4: two instances on one PostgreSQL and one external broker (a private Mosquitto)
 * share the device messages through a shared subscription: each weighing is handled by one of them
 * (both take a share) and stored once, and a tab on each instance gets every live event exactly
 * once, over PostgreSQL's LISTEN/NOTIFY, or over Redis pub/sub with REDIS_URL. The instances run in
 * this process (each its own app, database pool, gateway and bus), so what each handled is read from
 * its own log. Nothing waits a fixed time: every wait is for a condition.
 */
const WEIGHINGS = 60;
const READINGS = 60;
const withPostgres = testDialects().includes('postgres');
const withRedis = await redisReachable();
if (!withMosquitto && process.env.REQUIRE_BROKER) throw new Error('Mosquitto (/usr/sbin/mosquitto) is missing and REQUIRE_BROKER is set');

interface Instance {
  app: FastifyInstance;
  baseUrl: string;
  lines: LogLine[];
}

async function startInstance(databaseUrl: string, dir: string, env: Record<string, string>): Promise<Instance> {
  const { log, lines } = recordingLogger();
  const config = loadConfig({ ...testPortalEnv(databaseUrl, dir), REPORT_WORKERS: '0', ...env });
  const database = openDatabase(config.DATABASE_URL, log);
  const app = await buildApp({ config, database, logger: log });
  app.addHook('onClose', () => database.db.destroy());
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, baseUrl, lines };
}

/** How many times each instance handled each (device serial, seq): its 'device: weighing stored' lines. */
function handled(instance: Instance): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of instance.lines) {
    if (line.msg !== 'device: weighing stored') continue;
    const key = `${String(line.device)}|${String(line.seq)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

const liveKey = (saved: DeviceSaved) => ({ modelo: saved.modelo, serie: saved.serie, chip_id: saved.chip_id });

async function twoInstancesShare(dir: string, env: Record<string, string>): Promise<void> {
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  mkdirSync(dir, { recursive: true });
  try {
    const mosquitto = await startMosquitto(dir);
    cleanups.push(() => mosquitto.kill());
    const database = await createTestDatabase('postgres', dir);
    cleanups.push(database.drop);
    const migrating = openDatabase(database.url);
    await migrateToLatest(migrating);
    await migrating.db.destroy();
    const instances: Instance[] = [];
    for (const name of ['a', 'b']) {
      const instance = await startInstance(database.url, join(dir, name), { MQTT_URL: mosquitto.url, LOG_LEVEL: 'debug', ...env });
      cleanups.push(() => instance.app.close());
      instances.push(instance);
    }
    const [a, b] = instances as [Instance, Instance];
    const transport = env.REDIS_URL ? 'redis' : 'postgres notify';
    for (const instance of instances) expect(instance.lines.some((line) => line.msg === `live cluster: instances share live events over ${transport}`)).toBe(true);

    const token = await signUp(a.baseUrl);
    const farm = await createFarm(a.baseUrl, token);
    const saved = [await createScale(a.baseUrl, token, farm), await createScale(b.baseUrl, token, farm)];
    const devices = saved.map((device) => {
      const sim = new SimDevice({ ...liveKey(device), usuario: device.credencial!.usuario, senha: device.credencial!.senha }, mosquitto.url, {
        resendMs: 5_000,
        pes: { nucleo: farm.nome, aviario: farm.aviarios[0]!.nome },
      });
      cleanups.push(() => sim.end());
      return sim;
    });
    const tabs = instances.map((instance) => new LiveSocket(instance.baseUrl, token, saved.map(liveKey)));
    for (const tab of tabs) {
      cleanups.push(() => tab.close());
      await tab.opened();
      expect(tab.registrations.at(-1)!.aceitos).toHaveLength(saved.length);
    }
    await Promise.all(devices.map((device) => device.waitConnected()));

    // Weighings, then readings (interleaved one for one, Mosquitto's round robin would hand all the
    // weighings to one instance); readings at QoS 1 so the broker drops none (devices use 0).
    for (const seq of range(1, WEIGHINGS)) {
      for (const device of devices) device.sendPes(seq);
      await new Promise((resolve) => setImmediate(resolve));
    }
    for (const seq of range(1, READINGS)) {
      for (const device of devices) device.sendRaw(formatDeviceMessage({ tipo: 'PESO', peso: 1000 + seq, estavel: true, aves: 1 }), 1);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(devices.map((device) => device.waitAcked(range(1, WEIGHINGS), 120_000)));

    // Stored once each; both instances handled a share.
    const stored = await storedSeqs(
      database.url,
      saved.map((device) => device.id),
    );
    for (const device of saved) expect(stored.get(device.id)).toEqual(range(1, WEIGHINGS));
    const byInstance = instances.map(handled);
    const total = (key: string) => byInstance.reduce((sum, counts) => sum + (counts.get(key) ?? 0), 0);
    for (const counts of byInstance) expect([...counts.values()].reduce((sum, count) => sum + count, 0)).toBeGreaterThan(0);
    for (const device of saved) for (const seq of range(1, WEIGHINGS)) expect(total(`CS ${device.serie}|${seq}`)).toBeGreaterThanOrEqual(1);

    // Every tab: each handling of a weighing told once (a re-send is handled and told again), each reading once.
    for (const [index, tab] of tabs.entries()) {
      for (const device of saved) {
        const told = () => tab.eventsOf(liveKey(device), 'pesagem').map((event) => (event.t === 'pesagem' ? event.pesagem.seq : -1));
        const pesos = () => tab.eventsOf(liveKey(device), 'leitura').map((event) => (event.t === 'leitura' && event.leitura.tipo === 'PESO' ? event.leitura.peso : -1));
        await until(
          () => range(1, WEIGHINGS).every((seq) => told().filter((item) => item === seq).length === total(`CS ${device.serie}|${seq}`)) && pesos().length >= READINGS,
          () => `tab ${index}: the weighings and readings of ${device.serie} (${told().length} weighings, ${pesos().length} readings)`,
          60_000,
        );
        expect(pesos().sort((x, y) => x - y)).toEqual(range(1001, 1000 + READINGS));
      }
    }
    // Each instance keeps the readings the other handled among the recent ones too.
    for (const instance of instances) {
      const recent = await callApi<{ leituras: unknown[] }>(instance.baseUrl, 'GET', `/api/getleituras?id=${saved[0]!.id}`, undefined, token);
      expect(recent.leituras).toHaveLength(READINGS);
    }
    // Nothing more arrives once the devices are quiet: a reading would have been told twice.
    const counted = tabs.map((tab) => tab.messages.length);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(tabs.map((tab) => tab.messages.length)).toEqual(counted);
    expect(devices.flatMap((device) => device.naks)).toEqual([]);
  } finally {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch((error: unknown) => console.error('cleanup failed', error));
  }
}

describe.skipIf(!withPostgres || !withMosquitto)('two instances sharing the device messages (shared subscription)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-shared-ingestion-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('store each weighing once, both take a share, and tabs get every live event once over PostgreSQL NOTIFY', async () => {
    await twoInstancesShare(join(dir, 'notify'), {});
  }, 180_000);

  it.skipIf(!withRedis)('do the same with the live events over Redis (REDIS_URL)', async () => {
    const prefix = uniqueRedisPrefix('shared-ingestion');
    try {
      await twoInstancesShare(join(dir, 'redis'), { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix });
    } finally {
      await flushRedisPrefix(prefix);
    }
  }, 180_000);
});
