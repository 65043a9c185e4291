import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/dialect.js';
import { DEMO_EMAIL } from '../demo/seed.js';
import { createEventBus } from '../events/index.js';
import type { OwnerScope } from '../modules/permissions/index.js';
import { createServices, type Services } from '../modules/services.js';
import { backfillReadings } from './backfill.js';
import { createDemoDailyRecords } from './demo-daily.js';
import type { AccountSnapshot } from './plan.js';
import { startSimulator, type DeviceLogin, type RunningSimulator } from './runner.js';

export interface DemoSimulatorDeps {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  /** The port the web server listens on (for MQTT over WebSocket when the broker has no TCP port). */
  httpPort: number;
  /** SIM_SPEED, read by main.ts (default 1). */
  speed?: number;
  clock?: () => number;
}

/**
 * Where the in-process devices reach the broker: MQTT_URL without its login (each device uses
 * its own), else the embedded broker's TCP port, else MQTT over WebSocket on the web port.
 */
export function demoBrokerUrl(config: Config, httpPort: number): string {
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  if (config.MQTT_URL) {
    const url = new URL(config.MQTT_URL);
    url.username = '';
    url.password = '';
    return url.toString();
  }
  if (config.MQTT_PORT > 0) return `mqtt://${host}:${config.MQTT_PORT}`;
  return `ws://${host}:${httpPort}/mqtt`;
}

/** The demo owner's records in the API's shapes, read through the features' own services. */
async function demoSnapshot(services: Services, scope: OwnerScope, timezone: number): Promise<AccountSnapshot> {
  return {
    timezone,
    devices: await services.devices.list(scope),
    nucleos: await services.farms.list(scope),
    lotes: await services.flocks.list(scope),
    padroes: await services.standards.list(scope),
    silos: await services.silos.list(scope),
  };
}

/** Days of silo, trough, doser and collector history the demo account gets on its first start: the oldest active demo flock (placed 35 days ago) from its first day. */
export const DEMO_HISTORY_DAYS = 40;

/**
 * Gives a demo account without readings DEMO_HISTORY_DAYS of them, and starts each silo scale from
 * its last stored level (the live series goes on where the history, or the last run, ended: a
 * jump there would read as a delivery).
 */
async function withHistory(services: Services, snapshot: AccountSnapshot, ownerId: number, log: FastifyBaseLogger, now: number): Promise<void> {
  if (!(await services.readings.hasHistory(ownerId))) {
    const started = Date.now();
    const { rows } = await backfillReadings({ services, snapshot, ownerId, days: DEMO_HISTORY_DAYS, now });
    log.info({ rows, ms: Date.now() - started }, `simulator: ${DEMO_HISTORY_DAYS} days of readings written for the demo account`);
  }
  const levels = await services.siloReadings.lastLevels(ownerId);
  for (const silo of snapshot.silos) {
    const level = silo.device_id === null ? undefined : levels.get(silo.device_id);
    if (level !== undefined) silo.saldo_kg = level;
  }
}

/**
 * npm start with DEMO and SIMULATOR on: the demo account's devices, simulated in this process.
 * Each gets a new secret (through the devices service), then connects to the portal's own broker
 * like a real device. Answers null (and logs why) when there is no demo account or it has no
 * devices. Its services are its own (createServices, with a bus of its own): the demo's history
 * is written in bulk and tells no listener. It also keeps entering the demo flocks' daily house
 * records (demo-daily.ts).
 */
export async function startDemoSimulator(deps: DemoSimulatorDeps): Promise<RunningSimulator | null> {
  const { config, database, log, clock = Date.now } = deps;
  const services = createServices({ config, database, clock, log, events: createEventBus(log) });
  const owner = await services.accounts.userByEmail(DEMO_EMAIL);
  if (!owner) {
    log.info(`simulator: no demo account (${DEMO_EMAIL}); nothing to simulate`);
    return null;
  }
  const scope: OwnerScope = { ownerId: owner.id, actorId: owner.id, nivel: 'proprietario', nucleos: null };
  const snapshot = await demoSnapshot(services, scope, owner.timezone);
  const logins = new Map<number, DeviceLogin>();
  for (const device of snapshot.devices) logins.set(device.id, await services.devices.renewCredential(scope, device.id));
  if (logins.size === 0) {
    log.info('simulator: the demo account has no devices');
    return null;
  }
  await withHistory(services, snapshot, owner.id, log, clock());
  const simulator = startSimulator({ snapshot, logins, brokerUrl: demoBrokerUrl(config, deps.httpPort), speed: deps.speed ?? 1, log, clock });
  log.info(`simulator: ${simulator.devices.length} devices streaming`);
  // The grower's side: each morning, the daily house records of the day that ended.
  const dailyRecords = createDemoDailyRecords({ services, owner, clock, log });
  dailyRecords.start();
  return {
    devices: simulator.devices,
    async stop() {
      await Promise.all([dailyRecords.stop(), simulator.stop()]);
    },
  };
}
