import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { formatDeviceMessage, type DeviceSaved } from '@portal/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { commandTopic, dataTopic } from '../modules/devices/index.js';
import { createAccount } from '../test/factories.js';
import { createDevice } from '../test/factories/devices.js';
import { createNucleo } from '../test/factories/farms.js';
import { describeEachDialect } from '../test/harness.js';
import { startGateway } from '../test/mqtt.js';

const run = promisify(execFile);
const MOSQUITTO_PUB = '/usr/bin/mosquitto_pub';
const MOSQUITTO_SUB = '/usr/bin/mosquitto_sub';

/** Debian's mosquitto-clients, as a device's firmware (libmosquitto) connects; CI installs them. */
function clientsOrSkip(context: { skip: () => void }): void {
  if (existsSync(MOSQUITTO_PUB) && existsSync(MOSQUITTO_SUB)) return;
  if (process.env.REQUIRE_BROKER) throw new Error('mosquitto_pub / mosquitto_sub are missing (apt-get install mosquitto-clients) and REQUIRE_BROKER is set');
  console.warn('SKIPPED: mosquitto-clients are not installed (set REQUIRE_BROKER=1 to make this a failure)');
  context.skip();
}

describeEachDialect("the embedded broker with Debian's mosquitto clients (MQTT 3.1.1 yes, 5 no)", (portal) => {
  let started: Awaited<ReturnType<typeof startGateway>>;
  let device: DeviceSaved;
  /** Host, port and the device's login, as mosquitto_pub / mosquitto_sub take them. */
  let connection: (version: string, clientId: string) => string[];

  beforeAll(async () => {
    started = await startGateway(portal());
    const account = await createAccount(portal());
    const farm = await createNucleo(portal(), account);
    device = await createDevice(portal(), account, { nucleo_id: farm.id });
    connection = (version, clientId) => [
      '-h', '127.0.0.1', '-p', String(started.gateway.brokerPort), '-V', version, '-i', clientId,
      '-u', device.credencial!.usuario, '-P', device.credencial!.senha, '-q', '1',
    ];
  });
  afterAll(async () => {
    await started?.gateway.stop();
  });

  it('stores a weighing sent with -V mqttv311 and acknowledges it to mosquitto_sub', async (context) => {
    clientsOrSkip(context);
    const own = `${device.modelo}-${device.serie}`;
    // The acknowledgement comes on the command topic: a second connection of the device listens.
    // -d: it tells when its subscription is acknowledged (SUBACK), then prints the message; stdbuf
    // makes its output line-buffered (a pipe is otherwise written only at exit).
    const sub = spawn('stdbuf', ['-oL', MOSQUITTO_SUB, ...connection('mqttv311', `${own}~sub`), '-d', '-t', commandTopic(device.modelo, device.serie), '-C', '1', '-W', '30']);
    let received = '';
    sub.stdout.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => sub.once('exit', resolve));
    try {
      for (let waited = 0; !received.includes('SUBACK') && waited < 30_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(received).toContain('SUBACK');
      const pes = formatDeviceMessage({
        tipo: 'PES', seq: 311, data: '2026-03-02', hora: '09:00:00', nucleo: '', lote: '', aviario: 'A1', lado: '', box: '', sexo: 'F',
        peso: 2000, idade_lote: null, linha: '', score: null, obs: '',
      });
      await run(MOSQUITTO_PUB, [...connection('mqttv311', own), '-t', dataTopic(device.modelo, device.serie), '-m', pes], { timeout: 30_000 });
      const code = await exited;
      expect(code).toBe(0);
      expect(received.split('\n')).toContain('P1|ACK|311');
      const rows = await portal().database.db.selectFrom('pesagens').select(['seq']).where('device_id', '=', device.id).execute();
      expect(rows).toEqual([{ seq: 311 }]);
    } finally {
      sub.kill();
    }
  }, 60_000);

  it('refuses -V 5 with a clear reason (aedes speaks MQTT 3.1 and 3.1.1 only)', async (context) => {
    clientsOrSkip(context);
    const own = `${device.modelo}-${device.serie}`;
    const refused = await run(MOSQUITTO_PUB, [...connection('5', own), '-t', dataTopic(device.modelo, device.serie), '-m', 'P1|PESO|1|1|1'], { timeout: 30_000 }).then(
      () => null,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(refused).not.toBeNull();
    expect(refused!.code).not.toBe(0);
    expect(refused!.stderr).toMatch(/Unsupported Protocol Version/i);
  }, 60_000);
});
