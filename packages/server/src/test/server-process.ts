import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DeviceSaved, LoginResponse, Nucleo } from '@portal/shared';
import { openDatabase } from '../db/dialect.js';
import { testPortalEnv } from './harness.js';

/**
 * The BUILT server (`npm test` builds before vitest) as a child process, for tests that kill or
 * restart it, run two of them, or put a private Mosquitto under them.
 */
export const SERVER_MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
export const MOSQUITTO = '/usr/sbin/mosquitto';
/** Tests with a private broker run wherever Mosquitto is installed, and always under CI (which installs it). */
export const withMosquitto = existsSync(MOSQUITTO) || process.env.CI === 'true';

/** A TCP port nobody listens on right now (the OS picks it; closed again before use). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once something accepts TCP connections on the port. */
export async function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' });
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  /** Resolves when the output contains `text`. */
  waitFor(text: string, timeoutMs?: number): Promise<void>;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
  /** SIGKILL: no shutdown of any kind. */
  kill(): Promise<void>;
  /** SIGTERM: the portal's graceful shutdown (closes the gateway and its broker). */
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  databaseUrl: string;
  /** Scratch folder of this server (outbox). */
  dir: string;
  port: number;
  /** The embedded broker's port (ignored with mqttUrl). */
  mqttPort?: number;
  /** An external broker instead of the embedded one. */
  mqttUrl?: string;
  env?: Record<string, string>;
}

export function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  if (!existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: build the server first (npm run build)`);
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    ...testPortalEnv(options.databaseUrl, options.dir),
    HOST: '127.0.0.1',
    PORT: String(options.port),
    PUBLIC_URL: `http://127.0.0.1:${options.port}`,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'info',
    SIMULATOR: '0',
    ...options.env,
  };
  if (options.mqttUrl) env.MQTT_URL = options.mqttUrl;
  else {
    delete env.MQTT_URL;
    env.MQTT_PORT = String(options.mqttPort ?? 0);
  }
  const child = spawn(process.execPath, [SERVER_MAIN], { env });
  let output = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    // Keep the tail only: a long streaming test logs a line per request.
    if (output.length > 2_000_000) output = output.slice(-1_000_000);
    for (const waiter of waiters.filter((item) => output.includes(item.text))) waiter.resolve();
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const waitFor = (text: string, timeoutMs = 60_000) =>
    new Promise<void>((resolve, reject) => {
      if (output.includes(text)) return resolve();
      const timer = setTimeout(() => reject(new Error(`no "${text}" within ${timeoutMs} ms:\n${output.slice(-3000)}`)), timeoutMs);
      waiters.push({ text, resolve: () => (clearTimeout(timer), resolve()) });
      void exited.then(() => reject(new Error(`server exited before "${text}":\n${output.slice(-3000)}`)));
    });
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  return waitFor('portal ready').then(() => ({
    child,
    baseUrl: `http://127.0.0.1:${options.port}`,
    output: () => output,
    waitFor,
    exited,
    kill: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
  }));
}

/** JSON over HTTP to a portal at `baseUrl`; throws on any status but 2xx. */
export async function callApi<T>(baseUrl: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

let sequence = 0;
const tag = () => `${process.pid}-${(sequence += 1)}-${Math.random().toString(36).slice(2, 7)}`;

/** A new account through the API; answers its session token. */
export async function signUp(baseUrl: string): Promise<string> {
  const mark = tag();
  const account = { name: 'Live Test', email: `live-${mark}@example.test`, password: `live-test-${mark}`, company: 'Granja' };
  await callApi(baseUrl, 'POST', '/api/register', account);
  return (await callApi<LoginResponse>(baseUrl, 'POST', '/api/login', { email: account.email, password: account.password })).token;
}

/** A farm with one house (registernucleo). */
export const createFarm = (baseUrl: string, token: string) =>
  callApi<Nucleo>(baseUrl, 'POST', '/api/registernucleo', { nome: `Núcleo ${tag()}`, cidade: 'Chapecó', estado: 'SC', pais: 'Brasil', aviarios: [{ nome: 'Aviário 1', lados: 2, boxes: 4, capacidade: 24000 }] }, token);

/** A live CS scale on `farm` (registerdevice): the answer carries its broker login. */
export const createScale = (baseUrl: string, token: string, farm: Nucleo, chip_id = 'ESP32-T1') =>
  callApi<DeviceSaved>(baseUrl, 'POST', '/api/registerdevice', { modelo: 'CS', serie: `T-${tag()}`, chip_id, nome: 'Balança', nucleo_id: farm.id, aviario_id: farm.aviarios[0]?.id ?? null }, token);

export interface Mosquitto {
  port: number;
  url: string;
  /** SIGKILL, then waits for the exit. */
  kill(): Promise<void>;
  /** Starts it again on the same port (after kill). */
  restart(): Promise<void>;
}

/**
 * A private Mosquitto on a free port (anonymous, no persistence), which a test may kill and start
 * again without disturbing the machine's shared broker.
 */
export async function startMosquitto(dir: string): Promise<Mosquitto> {
  if (!existsSync(MOSQUITTO)) throw new Error(`${MOSQUITTO} is not installed`);
  const port = await freePort();
  const conf = join(dir, `mosquitto-${port}.conf`);
  writeFileSync(conf, [`listener ${port} 127.0.0.1`, 'allow_anonymous true', 'persistence false', 'log_dest stderr', 'log_type error', 'log_type warning', ''].join('\n'));
  let child: ChildProcess | undefined;
  let log = '';
  const start = async () => {
    const started = spawn(MOSQUITTO, ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
    started.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child = started;
    try {
      await waitForPort(port);
    } catch (error) {
      started.kill('SIGKILL');
      throw new Error(`mosquitto did not start: ${log}`, { cause: error });
    }
  };
  const kill = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { port, url: `mqtt://127.0.0.1:${port}`, kill, restart: start };
}

/** The seqs stored in pesagens per device (duplicates kept, so a test can see them), read directly. */
export async function storedSeqs(databaseUrl: string, deviceIds: readonly number[]): Promise<Map<number, number[]>> {
  const database = openDatabase(databaseUrl);
  try {
    const rows = await database.db.selectFrom('pesagens').select(['device_id', 'seq']).where('device_id', 'in', [...deviceIds]).execute();
    const stored = new Map<number, number[]>(deviceIds.map((id) => [id, []]));
    for (const row of rows) stored.get(row.device_id!)!.push(Number(row.seq));
    for (const seqs of stored.values()) seqs.sort((a, b) => a - b);
    return stored;
  } finally {
    await database.db.destroy();
  }
}
