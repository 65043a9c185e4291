import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatDeviceMessage, type DeviceSaved } from '@portal/shared';
import { connect, connectAsync } from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { commandTopic } from '../modules/devices/index.js';
import { LiveSocket, range, SimDevice, streamWeighings, until } from '../test/device-client.js';
import { createTestDatabase, testDialects } from '../test/harness.js';
import { flushRedisPrefix, redisReachable, TEST_REDIS_URL, uniqueRedisPrefix } from '../test/redis.js';
import { createFarm, createScale, freePort, signUp, startServerProcess, storedSeqs, type ServerProcess } from '../test/server-process.js';

/**
 * "Several instances without an external broker": two BUILT servers on one PostgreSQL, each with
 * its embedded broker on a port of its own, clustered over Redis (REDIS_URL, a REDIS_PREFIX of this
 * run's). A device reaches either; each of its messages is handled by its own instance, once; what
 * the portal sends it (commands, acknowledgements) reaches it from either instance, also queued
 * for a persistent session that reconnects on the other; logins stay the portal's.
 */
const PER_DEVICE = 60;
const WAIT_MS = 60_000;
const withPostgres = testDialects().includes('postgres');
const withRedis = await redisReachable();

const liveKey = (saved: DeviceSaved) => ({ modelo: saved.modelo, serie: saved.serie, chip_id: saved.chip_id });
const login = (saved: DeviceSaved) => ({ ...liveKey(saved), usuario: saved.credencial!.usuario, senha: saved.credencial!.senha });
/** The lines of a server's output that refused a message of the device. */
const refusals = (server: ServerProcess, saved: DeviceSaved) => server.output().split('\n').filter((line) => line.includes('device: message refused') && line.includes(saved.serie));

describe.skipIf(!withPostgres || !withRedis)('two portal instances whose embedded brokers cluster over Redis', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-cluster-instances-'));
  const prefix = uniqueRedisPrefix('cluster-instances');
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch((error: unknown) => console.error('cleanup failed', error));
    await flushRedisPrefix(prefix);
    rmSync(dir, { recursive: true, force: true });
  });

  it('each device message is handled once, by its own instance; commands cross; logins are the portal’s', async () => {
    const database = await createTestDatabase('postgres', dir);
    cleanups.push(database.drop);
    const env = { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix };
    const brokerPorts = [await freePort(), await freePort()];
    // One after the other: the first migrates the database.
    const a = await startServerProcess({ databaseUrl: database.url, dir: join(dir, 'a'), port: await freePort(), mqttPort: brokerPorts[0], env });
    cleanups.push(() => a.kill());
    const b = await startServerProcess({ databaseUrl: database.url, dir: join(dir, 'b'), port: await freePort(), mqttPort: brokerPorts[1], env });
    cleanups.push(() => b.kill());
    const brokerUrls = brokerPorts.map((port) => `mqtt://127.0.0.1:${port}`);

    const token = await signUp(a.baseUrl);
    const farm = await createFarm(a.baseUrl, token);
    const saved = [await createScale(a.baseUrl, token, farm), await createScale(b.baseUrl, token, farm)];
    // Device 0 on A's broker, device 1 on B's.
    const devices = saved.map((device, index) => {
      const sim = new SimDevice(login(device), brokerUrls[index]!, { resendMs: 1000, pes: { nucleo: farm.nome, aviario: farm.aviarios[0]!.nome } });
      cleanups.push(() => sim.end());
      return sim;
    });
    const tabs = [new LiveSocket(a.baseUrl, token, saved.map(liveKey)), new LiveSocket(b.baseUrl, token, saved.map(liveKey))];
    for (const tab of tabs) {
      cleanups.push(() => tab.close());
      await tab.opened(WAIT_MS);
    }
    await Promise.all(devices.map((device) => device.waitConnected(WAIT_MS)));

    // A wrong password is refused by either broker.
    for (const url of brokerUrls) {
      const { usuario, senha } = saved[0]!.credencial!;
      const attempt = connectAsync(url, { username: usuario, password: `${senha}x`, clientId: `${saved[0]!.modelo}-${saved[0]!.serie}~x`, reconnectPeriod: 0, connectTimeout: WAIT_MS });
      await expect(attempt).rejects.toThrow(/Bad username or password/);
    }

    // Weighings: stored once each, acknowledged from the device's own instance.
    await streamWeighings(devices, 1, PER_DEVICE, 10);
    await Promise.all(devices.map((device) => device.waitAcked(range(1, PER_DEVICE), WAIT_MS)));
    const stored = await storedSeqs(database.url, saved.map((device) => device.id));
    for (const device of saved) expect(stored.get(device.id)).toEqual(range(1, PER_DEVICE));
    for (const device of devices) expect(device.naks).toEqual([]);

    // Handled by the device's own instance only: a message it refuses is logged there, not on the other.
    const bad = formatDeviceMessage({ tipo: 'PESO', peso: 1, estavel: true, aves: 1 }).replace('PESO', 'NADA');
    for (const device of devices) device.sendRaw(bad);
    // Each instance handles a device's messages in order: once these are acknowledged the refusals are logged.
    for (const device of devices) device.sendPes(PER_DEVICE + 1);
    await Promise.all(devices.map((device) => device.waitAcked([PER_DEVICE + 1], WAIT_MS)));
    const servers = [a, b];
    for (const [index, device] of saved.entries()) {
      expect(refusals(servers[index]!, device), `instance ${index} refuses its device's message`).toHaveLength(1);
      expect(refusals(servers[1 - index]!, device), `instance ${1 - index} never sees it`).toEqual([]);
    }

    // Every tab, on either instance, is told of both devices' weighings (the live events cross the instances).
    for (const device of saved) {
      for (const [index, tab] of tabs.entries()) {
        await until(() => tab.eventsOf(liveKey(device), 'pesagem').length > 0, `tab ${index} to be told of ${device.serie}'s weighings`, WAIT_MS);
      }
    }

    // Commands from a tab on one instance reach the device connected to the other.
    tabs[0]!.command(liveKey(saved[1]!), 'foto', 'cruzada-1');
    await until(() => devices[1]!.commands.some((command) => command.tipo === 'CMD' && command.comando === 'foto' && command.pedido === 'cruzada-1'), 'the picture request to reach B’s device', WAIT_MS);
    tabs[1]!.command(liveKey(saved[0]!), 'update', 'cruzada-2');
    await until(() => devices[0]!.commands.some((command) => command.tipo === 'CMD' && command.comando === 'update'), 'the update to reach A’s device', WAIT_MS);

    // A persistent session (clean=false) of device 0 on B, offline when A's tab sends 'update': the
    // command waits in Redis and arrives when the session reconnects on A.
    const persistent = { username: saved[0]!.credencial!.usuario, password: saved[0]!.credencial!.senha, clientId: `${saved[0]!.modelo}-${saved[0]!.serie}~sessao`, clean: false, reconnectPeriod: 0, connectTimeout: WAIT_MS };
    const first = await connectAsync(brokerUrls[1]!, persistent);
    await first.subscribeAsync(commandTopic(saved[0]!.modelo, saved[0]!.serie), { qos: 1 });
    await first.endAsync();
    const updatesBefore = devices[0]!.commands.length;
    tabs[0]!.command(liveKey(saved[0]!), 'update', 'offline-1');
    // The connected copy of the device receives it at once: by then it is queued for the offline session.
    await until(() => devices[0]!.commands.length > updatesBefore, 'the update to reach the connected device', WAIT_MS);
    // Listening before the connection: the queued message may come in the CONNACK's packet.
    const again = connect(brokerUrls[0]!, persistent);
    cleanups.push(() => again.endAsync(true));
    const queued: string[] = [];
    again.on('message', (_topic, payload) => queued.push(payload.toString()));
    await until(() => queued.some((text) => text.includes('CMD') && text.includes('update')), 'the queued update on the other instance', WAIT_MS);

    await Promise.all([a.stop(), b.stop()]);
  }, 300_000);
});
