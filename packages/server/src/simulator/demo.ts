import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/dialect.js';
import { DEMO_EMAIL } from '../demo/seed.js';
import { usersRepository } from '../modules/accounts/users.repository.js';
import { hashDeviceSecret, newDeviceSecret } from '../modules/devices/credentials.js';
import { devicesRepository } from '../modules/devices/devices.repository.js';
import { devicesService } from '../modules/devices/service.js';
import { nucleosRepository } from '../modules/farms/nucleos.repository.js';
import { farmsService } from '../modules/farms/service.js';
import { lotesRepository } from '../modules/flocks/lotes.repository.js';
import { flocksService } from '../modules/flocks/service.js';
import { chavesRepository } from '../modules/keys/chaves.repository.js';
import { keysService } from '../modules/keys/service.js';
import type { OwnerScope } from '../modules/permissions/scope.js';
import { silosService } from '../modules/silos/service.js';
import { silosRepository } from '../modules/silos/silos.repository.js';
import { padroesRepository } from '../modules/standards/padroes.repository.js';
import { standardsService } from '../modules/standards/service.js';
import { readingsStore } from '../mqtt/readings-store.js';
import { backfillReadings } from './backfill.js';
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
async function demoSnapshot(database: Database, ownerId: number, timezone: number, clock: () => number): Promise<AccountSnapshot> {
  const db = database.db;
  const scope: OwnerScope = { ownerId, actorId: ownerId, nivel: 'proprietario', nucleos: null };
  const keys = keysService({ chaves: chavesRepository(db), clock });
  const devices = devicesService({ devices: devicesRepository(db), keys, broker: { host: 'localhost', porta: 0 }, clock });
  const lotes = flocksService({ lotes: lotesRepository(db), nucleos: nucleosRepository(db), padroes: padroesRepository(db), users: usersRepository(db), clock });
  return {
    timezone,
    devices: await devices.list(scope),
    nucleos: await farmsService({ nucleos: nucleosRepository(db), clock }).list(scope),
    lotes: await lotes.list(scope),
    padroes: await standardsService({ padroes: padroesRepository(db), presets: [], clock }).list(scope),
    silos: await silosService({ silos: silosRepository(database), clock }).list(scope),
  };
}

/** Days of silo, trough, doser and collector history the demo account gets on its first start: the oldest active demo flock (placed 35 days ago) from its first day. */
export const DEMO_HISTORY_DAYS = 40;

/**
 * Gives a demo account without readings DEMO_HISTORY_DAYS of them, and starts each silo scale from
 * its last stored level (the live series goes on where the history, or the last run, ended: a
 * jump there would read as a delivery).
 */
async function withHistory(database: Database, snapshot: AccountSnapshot, ownerId: number, log: FastifyBaseLogger, now: number): Promise<void> {
  const readings = readingsStore(database);
  if (!(await readings.hasHistory(ownerId))) {
    const started = Date.now();
    const { rows } = await backfillReadings({ database, snapshot, ownerId, days: DEMO_HISTORY_DAYS, now });
    log.info({ rows, ms: Date.now() - started }, `simulator: ${DEMO_HISTORY_DAYS} days of readings written for the demo account`);
  }
  const levels = await readings.lastSiloLevels(ownerId);
  for (const silo of snapshot.silos) {
    const level = silo.device_id === null ? undefined : levels.get(silo.device_id);
    if (level !== undefined) silo.saldo_kg = level;
  }
}

/**
 * npm start with DEMO and SIMULATOR on: the demo account's devices, simulated in this process.
 * Each gets a new secret (its hash written through the devices repository), then connects to
 * the portal's own broker like a real device. Answers null (and logs why) when there is no demo
 * account or it has no devices.
 */
export async function startDemoSimulator(deps: DemoSimulatorDeps): Promise<RunningSimulator | null> {
  const { config, database, log, clock = Date.now } = deps;
  const owner = await usersRepository(database.db).findByEmail(DEMO_EMAIL);
  if (!owner) {
    log.info(`simulator: no demo account (${DEMO_EMAIL}); nothing to simulate`);
    return null;
  }
  const snapshot = await demoSnapshot(database, owner.id, owner.timezone, clock);
  const repository = devicesRepository(database.db);
  const logins = new Map<number, DeviceLogin>();
  for (const row of await repository.list(owner.id, null)) {
    const senha = newDeviceSecret();
    await repository.setCredentialHash(owner.id, row.id, hashDeviceSecret(senha), clock());
    logins.set(row.id, { usuario: row.credential_user, senha });
  }
  if (logins.size === 0) {
    log.info('simulator: the demo account has no devices');
    return null;
  }
  await withHistory(database, snapshot, owner.id, log, clock());
  const simulator = startSimulator({ snapshot, logins, brokerUrl: demoBrokerUrl(config, deps.httpPort), speed: deps.speed ?? 1, log, clock });
  log.info(`simulator: ${simulator.devices.length} devices streaming`);
  return simulator;
}
