import { formatDeviceMessage, type DeviceSaved } from '@portal/shared';
import { connectAsync } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../test/factories.js';
import { createDevice } from '../test/factories/devices.js';
import { createNucleo } from '../test/factories/farms.js';
import { describeEachDialect, type TestPortal } from '../test/harness.js';
import { range, SimDevice, streamWeighings, until } from '../test/device-client.js';
import { startGateway } from '../test/mqtt.js';
import { flushRedisPrefix, redisReachable, TEST_REDIS_URL, uniqueRedisPrefix } from '../test/redis.js';
import { storedSeqs } from '../test/server-process.js';
import type { DeviceEvent } from './types.js';

/**
 * Portal instances whose embedded brokers cluster over Redis (REDIS_URL, no MQTT_URL), as gateways
 * of their own over one database (test/mqtt.ts startGateway; the built servers are in
 * cluster-instances.test.ts): each device message is handled by the instance its device is
 * connected to, once; what the portal sends a device reaches it on whichever instance it is.
 */
const PER_DEVICE = 40;
/** Generous: the machine may be busy with other work. */
const WAIT_MS = 60_000;
const TEST_MS = 120_000;
const withRedis = await redisReachable();
const prefix = uniqueRedisPrefix('cluster-gateways');

type Gateway = Awaited<ReturnType<typeof startGateway>>;
const seqsOf = (events: DeviceEvent[], deviceId: number) => events.flatMap(({ device, message }) => (message.t === 'pesagem' && device.id === deviceId ? [message.pesagem.seq] : []));

const suite = (portal: () => TestPortal) => {
  let account: TestAccount;
  let saved: DeviceSaved[];
  let instances: Gateway[];
  const sims: SimDevice[] = [];
  const login = (device: DeviceSaved) => ({ modelo: device.modelo, serie: device.serie, chip_id: device.chip_id, usuario: device.credencial!.usuario, senha: device.credencial!.senha });

  beforeAll(async () => {
    account = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    saved = [await createDevice(portal(), account, { nucleo_id: farm.id }), await createDevice(portal(), account, { nucleo_id: farm.id })];
    instances = [await startGateway(portal()), await startGateway(portal())];
  });
  afterAll(async () => {
    await Promise.allSettled(sims.map((sim) => sim.end()));
    await Promise.allSettled((instances ?? []).map((instance) => instance.gateway.stop()));
  });

  it("handles each device's weighings on the instance it is connected to, once", async () => {
    // Device i on instance i.
    for (const [index, device] of saved.entries()) sims.push(new SimDevice(login(device), instances[index]!.url, { resendMs: 1000 }));
    await Promise.all(sims.map((sim) => sim.waitConnected(WAIT_MS)));
    await streamWeighings(sims, 1, PER_DEVICE, 5);
    await Promise.all(sims.map((sim) => sim.waitAcked(range(1, PER_DEVICE), WAIT_MS)));
    const stored = await storedSeqs(portal().databaseUrl, saved.map((device) => device.id));
    for (const device of saved) expect(stored.get(device.id)).toEqual(range(1, PER_DEVICE));
    for (const sim of sims) expect(sim.naks).toEqual([]);
    // Each instance told of its own device's weighings only (a re-sent one may be told again).
    for (const [index, instance] of instances.entries()) {
      const own = saved[index]!;
      const other = saved[1 - index]!;
      expect(new Set(seqsOf(instance.events, own.id))).toEqual(new Set(range(1, PER_DEVICE)));
      expect(seqsOf(instance.events, other.id)).toEqual([]);
    }
  }, TEST_MS);

  it("refuses a bad message on the device's instance only", async () => {
    sims[1]!.sendRaw(formatDeviceMessage({ tipo: 'PESO', peso: 1, estavel: true, aves: 1 }).replace('PESO', 'NADA'));
    await until(() => instances[1]!.lines.some((line) => line.msg === 'device: message refused'), 'instance B to refuse the message', WAIT_MS);
    // Anything A would have done with it came before B's ACK of a weighing sent after it.
    sims[1]!.sendPes(PER_DEVICE + 1);
    await sims[1]!.waitAcked([PER_DEVICE + 1], WAIT_MS);
    expect(instances[0]!.lines.filter((line) => line.msg === 'device: message refused')).toEqual([]);
  }, TEST_MS);

  it("sends the portal's command from one instance to a device connected to the other", async () => {
    const [onA, onB] = sims as [SimDevice, SimDevice];
    await instances[0]!.gateway.sendCommand(saved[1]!, { tipo: 'CMD', comando: 'foto', pedido: 'cluster-1' });
    await instances[1]!.gateway.sendCommand(saved[0]!, { tipo: 'CMD', comando: 'update' });
    await until(() => onB.commands.some((command) => command.tipo === 'CMD' && command.comando === 'foto' && command.pedido === 'cluster-1'), 'the picture request on B', WAIT_MS);
    await until(() => onA.commands.some((command) => command.tipo === 'CMD' && command.comando === 'update'), 'the update on A', WAIT_MS);
  }, TEST_MS);

  it('refuses a wrong password on every instance', async () => {
    for (const instance of instances) {
      const { usuario, senha } = saved[0]!.credencial!;
      const attempt = connectAsync(instance.url, { username: usuario, password: `${senha}x`, clientId: `${saved[0]!.modelo}-${saved[0]!.serie}~wrong`, reconnectPeriod: 0, connectTimeout: WAIT_MS });
      await expect(attempt).rejects.toThrow(/Bad username or password/);
    }
  }, TEST_MS);
};

describe.skipIf(!withRedis)('instances clustered over Redis', () => {
  afterAll(async () => {
    await flushRedisPrefix(prefix);
  });
  describeEachDialect('gateways of embedded brokers clustered over Redis', suite, { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix });
});
