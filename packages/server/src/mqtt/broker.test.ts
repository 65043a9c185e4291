import { formatDeviceMessage, type DeviceSaved } from '@portal/shared';
import { connectAsync } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { commandTopic, dataTopic } from '../modules/devices/index.js';
import { createAccount, type TestAccount } from '../test/factories.js';
import { createDevice } from '../test/factories/devices.js';
import { createNucleo } from '../test/factories/farms.js';
import { describeEachDialect } from '../test/harness.js';
import { connectDevice, startGateway, WARN } from '../test/mqtt.js';

const pes = (seq: number) =>
  formatDeviceMessage({
    tipo: 'PES', seq, data: '2026-03-02', hora: '09:00:00', nucleo: '', lote: '', aviario: 'A1', lado: '', box: '', sexo: 'F',
    peso: 2000, idade_lote: null, linha: '', score: null, obs: '',
  });

/** The broker's answer to a login: connected, or the refusal's message. */
async function loginResult(url: string, username?: string, password?: string, clientId?: string): Promise<string> {
  try {
    const client = await connectAsync(url, { username, password, ...(clientId ? { clientId } : {}), reconnectPeriod: 0, connectTimeout: 5_000 });
    await client.endAsync(true);
    return 'connected';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

describeEachDialect("the portal's embedded broker", (portal) => {
  let account: TestAccount;
  let scale: DeviceSaved;
  let other: DeviceSaved;
  /** The broker as getdevice_conn tells devices: the real port (MQTT_PORT 0 in tests). */
  let brokerUrl: string;
  let farmId: number;

  const login = (device: DeviceSaved) => ({ username: device.credencial!.usuario, password: device.credencial!.senha, clientId: `${device.modelo}-${device.serie}` });

  beforeAll(async () => {
    account = await createAccount(portal());
    farmId = (await createNucleo(portal(), account)).id;
    scale = await createDevice(portal(), account, { nucleo_id: farmId });
    other = await createDevice(portal(), account, { nucleo_id: farmId });
    const conn = await portal().request('GET', `/api/getdevice_conn?id=${scale.id}`, { token: account.token });
    expect(conn.body.porta).toBeGreaterThan(0);
    brokerUrl = `mqtt://127.0.0.1:${conn.body.porta}`;
  });

  it("accepts a device's credential at the port getdevice_conn tells, and refuses anonymous and wrong logins", async () => {
    expect(await loginResult(brokerUrl, login(scale).username, login(scale).password, login(scale).clientId)).toBe('connected');
    expect(await loginResult(brokerUrl)).toMatch(/Bad username or password/);
    expect(await loginResult(brokerUrl, login(scale).username, `${login(scale).password}x`)).toMatch(/Bad username or password/);
    expect(await loginResult(brokerUrl, 'cs-nobody', 'whatever')).toMatch(/Bad username or password/);
    // Another device's secret does not open this device's login.
    expect(await loginResult(brokerUrl, login(scale).username, login(other).password)).toMatch(/Bad username or password/);
  });

  it('lets a device subscribe only to its own command topic', async () => {
    const device = await connectDevice(brokerUrl, login(scale));
    try {
      const own = await device.client.subscribeAsync(commandTopic(scale.modelo, scale.serie), { qos: 1 });
      expect(own[0]?.qos).toBe(1);
      for (const topic of [commandTopic(other.modelo, other.serie), 'portal/#', 'portal/+/+/dados', dataTopic(scale.modelo, scale.serie)]) {
        // SUBACK 0x80, which mqtt.js reports as an error; the connection stays.
        await expect(device.client.subscribeAsync(topic, { qos: 1 }), topic).rejects.toThrow(/Subscribe error/);
      }
      expect(device.client.connected).toBe(true);
    } finally {
      await device.end();
    }
  });

  it('carries MQTT over WebSocket at /mqtt to the gateway, which stores and acknowledges', async () => {
    const wsUrl = `${portal().baseUrl.replace(/^http/, 'ws')}/mqtt`;
    const device = await connectDevice(wsUrl, login(scale), commandTopic(scale.modelo, scale.serie));
    try {
      await device.publish(dataTopic(scale.modelo, scale.serie), pes(41));
      await device.next((text) => text === 'P1|ACK|41');
      const rows = await portal().database.db.selectFrom('pesagens').select(['seq', 'peso_dg', 'nucleo_id']).where('device_id', '=', scale.id).execute();
      expect(rows).toEqual([{ seq: 41, peso_dg: 20000, nucleo_id: farmId }]);
    } finally {
      await device.end();
    }
    expect(await loginResult(wsUrl)).toMatch(/Bad username or password/);
  });

  it("reads a device's record again after updatedevice (the service tells the gateway)", async () => {
    const device = await connectDevice(brokerUrl, login(scale), commandTopic(scale.modelo, scale.serie));
    try {
      await device.publish(dataTopic(scale.modelo, scale.serie), formatDeviceMessage({ tipo: 'ID', modelo: 'CS', serie: scale.serie, chip_id: scale.chip_id, versao: '1' }));
      await device.publish(dataTopic(scale.modelo, scale.serie), pes(42));
      await device.next((text) => text === 'P1|ACK|42');
      const updated = await portal().request('POST', '/api/updatedevice', { token: account.token, body: { iddevice: scale.id, chip_id: 'ESP32-NOVO', nucleo_id: farmId } });
      expect(updated.status).toBe(200);
      // With a stale record the new chip id would read as forged and the connection would be closed
      // before the record's acknowledgement (messages of a device are handled in order).
      await device.publish(dataTopic(scale.modelo, scale.serie), formatDeviceMessage({ tipo: 'ID', modelo: 'CS', serie: scale.serie, chip_id: 'ESP32-NOVO', versao: '1' }));
      await device.publish(dataTopic(scale.modelo, scale.serie), pes(43));
      await device.next((text) => text === 'P1|ACK|43');
    } finally {
      await device.end();
    }
  });
});

describeEachDialect('broker refusals are logged without secrets', (portal) => {
  let started: Awaited<ReturnType<typeof startGateway>>;
  beforeAll(async () => {
    started = await startGateway(portal());
  });
  afterAll(async () => {
    await started?.gateway.stop();
  });

  it('logs the login name of a refused login, never its password', async () => {
    const account = await createAccount(portal());
    const device = await createDevice(portal(), account);
    const wrong = `${device.credencial!.senha}-WRONG`;
    expect(await loginResult(started.url, device.credencial!.usuario, wrong)).toMatch(/Bad username or password/);
    expect(await loginResult(started.url)).toMatch(/Bad username or password/);
    const refusals = started.lines.filter((line) => line.msg.startsWith('mqtt:') && line.msg.includes('login refused'));
    expect(refusals).toEqual([
      expect.objectContaining({ level: WARN, msg: 'mqtt: login refused', username: device.credencial!.usuario }),
      expect.objectContaining({ level: WARN, msg: 'mqtt: anonymous login refused', username: null }),
    ]);
    expect(JSON.stringify(started.lines)).not.toContain(wrong);
    expect(JSON.stringify(started.lines)).not.toContain(device.credencial!.senha);
  });

  it('closes without leaving its port open', async () => {
    const second = await startGateway(portal());
    const port = second.gateway.brokerPort!;
    await second.gateway.stop();
    expect(second.gateway.brokerPort).toBeNull();
    expect(await loginResult(`mqtt://127.0.0.1:${port}`)).toMatch(/ECONNREFUSED/);
  });
});

describeEachDialect("a device's session is bound to its own client id", (portal) => {
  let started: Awaited<ReturnType<typeof startGateway>>;
  beforeAll(async () => {
    started = await startGateway(portal());
  });
  afterAll(async () => {
    await started?.gateway.stop();
  });

  it("refuses a device that connects with another account's device's client id: no kick, no queued command", async () => {
    const [ownerA, ownerC] = [await createAccount(portal()), await createAccount(portal())];
    const deviceA = await createDevice(portal(), ownerA);
    const deviceC = await createDevice(portal(), ownerC);
    const idA = `${deviceA.modelo}-${deviceA.serie}`;
    const loginA = { username: deviceA.credencial!.usuario, password: deviceA.credencial!.senha, clientId: idA, clean: false };
    const asC = { username: deviceC.credencial!.usuario, password: deviceC.credencial!.senha, clientId: idA, clean: false };

    // A's device holds a persistent session with its command subscription.
    const a = await connectDevice(started.url, loginA, commandTopic(deviceA.modelo, deviceA.serie));
    let aClosed = false;
    void a.closed.then(() => (aClosed = true));
    // C's device, with its own valid login but A's client id: refused before it can end A's session.
    expect(await loginResult(started.url, asC.username, asC.password, asC.clientId)).toMatch(/Identifier rejected/);
    await expect(connectDevice(started.url, asC)).rejects.toThrow(/Identifier rejected/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(aClosed).toBe(false);
    expect(a.client.connected).toBe(true);

    // A command queued for A's device while it is away is not handed to C's device…
    await a.end();
    await started.gateway.sendCommand(deviceA, { tipo: 'CMD', comando: 'update' });
    await expect(connectDevice(started.url, asC)).rejects.toThrow(/Identifier rejected/);
    // …and reaches A's device when it comes back to its session.
    const back = await connectDevice(started.url, loginA);
    try {
      expect(await back.next((text) => text.startsWith('P1|CMD'))).toBe('P1|CMD|update');
    } finally {
      await back.end();
    }
    expect(started.lines.filter((line) => line.msg === 'mqtt: client id refused')[0]).toMatchObject({
      level: WARN, clientId: idA, device: `${deviceC.modelo} ${deviceC.serie}`,
    });
  });

  it("accepts the device's own id and its own `~` copies, and refuses any other", async () => {
    const owner = await createAccount(portal());
    const device = await createDevice(portal(), owner);
    const { usuario, senha } = device.credencial!;
    const own = `${device.modelo}-${device.serie}`;
    expect(await loginResult(started.url, usuario, senha, own)).toBe('connected');
    expect(await loginResult(started.url, usuario, senha, `${own}~2`)).toBe('connected');
    for (const clientId of [`${own}~`, `${own}x`, own.toLowerCase(), `mqttjs_${device.serie}`, 'portal-gateway-000000000000']) {
      expect(await loginResult(started.url, usuario, senha, clientId), clientId).toMatch(/Identifier rejected/);
    }
    // No client id: the broker would make one up, not the device's.
    expect(await loginResult(started.url, usuario, senha, undefined)).toMatch(/Identifier rejected/);
  });
});
