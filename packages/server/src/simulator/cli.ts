import { parseArgs } from 'node:util';
import { DEMO_EMAIL } from '../demo/seed.js';
import { loadAccountOverHttp } from './account-http.js';
import type { SimulatorLog } from './device.js';
import { startSimulator } from './runner.js';

/**
 * npm run simulate: virtual devices for an account of a running portal, over its HTTP API and
 * its MQTT broker. Options: --url, --email, --password (or SIM_EMAIL / SIM_PASSWORD), --devices N,
 * --speed X (SIM_SPEED), --mqtt URL (a broker other than the one getdevice_conn names).
 */
const USAGE = `usage: npm run simulate -- [--url http://localhost:8080] [--email E] [--password P] [--devices N] [--speed X] [--mqtt mqtt://host:port]
  --email/--password   the account (env SIM_EMAIL / SIM_PASSWORD; default e-mail: ${DEMO_EMAIL})
  --devices N          run N virtual devices, repeating the account's devices (load tests)
  --speed X            flocks grow X times faster than real time (env SIM_SPEED; default 1)
  --mqtt URL           the broker, when not the host and port getdevice_conn answers
Note: every device of the account gets a NEW secret (updatedevice renovar_credencial): the real
devices' old secrets stop working.`;

const stamp = () => new Date().toISOString().slice(11, 19);
const consoleLog: SimulatorLog = {
  info: (message) => console.log(`${stamp()} ${message}`),
  warn: (message) => console.warn(`${stamp()} ${message}`),
  error: (message) => console.error(`${stamp()} ${message}`),
  debug: () => undefined,
};

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) throw new Error(`--${name} must be a positive number (got ${value})`);
  return number;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'http://localhost:8080' },
      email: { type: 'string' },
      password: { type: 'string' },
      devices: { type: 'string' },
      speed: { type: 'string' },
      mqtt: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const email = values.email ?? process.env.SIM_EMAIL ?? DEMO_EMAIL;
  const password = values.password ?? process.env.SIM_PASSWORD;
  if (!password) throw new Error(`a password is needed: --password or SIM_PASSWORD (npm start prints the demo account's)\n${USAGE}`);
  const speed = positive('speed', values.speed ?? process.env.SIM_SPEED, 1);

  console.log(`Signing in to ${values.url} as ${email}.`);
  console.log('Issuing every device of the account a NEW secret: this replaces the secrets the real devices hold.');
  const account = await loadAccountOverHttp(values.url, email, password);
  if (account.logins.size === 0) throw new Error('the account has no devices to simulate');
  const count = Math.round(positive('devices', values.devices, account.logins.size));
  const brokerUrl = values.mqtt ?? (account.broker ? `mqtt://${account.broker.host}:${account.broker.porta}` : null);
  if (!brokerUrl) throw new Error('no broker address: pass --mqtt');

  const simulator = startSimulator({ snapshot: account.snapshot, logins: account.logins, brokerUrl, speed, count, log: consoleLog });
  console.log(`${simulator.devices.length} virtual devices streaming to ${brokerUrl} (speed ×${speed}); Ctrl+C stops.`);

  // A line of totals every 30 s, so a long run shows it is alive.
  const report = setInterval(() => {
    const sum = (pick: (device: (typeof simulator.devices)[number]) => number) => simulator.devices.reduce((total, device) => total + pick(device), 0);
    const online = simulator.devices.filter((device) => device.connected).length;
    consoleLog.info(
      `online ${online}/${simulator.devices.length}, records ${sum((d) => d.counters.records)}, acknowledged ${sum((d) => d.counters.acked)}, ` +
        `refused ${sum((d) => d.counters.naked)}, waiting ${sum((d) => d.unacknowledged)}, pictures ${sum((d) => d.counters.pictures)}`,
    );
  }, 30_000);
  const stop = async () => {
    clearInterval(report);
    await simulator.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(`simulator: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
