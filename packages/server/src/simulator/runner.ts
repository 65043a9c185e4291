import { randomInt } from 'node:crypto';
import { seededRandom } from '../demo/weighings.js';
import { VirtualDevice, type SimulatorLog } from './device.js';
import { behaviourFor, type AccountSnapshot } from './plan.js';

export interface DeviceLogin {
  usuario: string;
  senha: string;
  /** The client id getdevice_conn names; `${modelo}-${serie}` when unknown. */
  client_id?: string;
}

export interface SimulatorOptions {
  snapshot: AccountSnapshot;
  /** The broker login of each device (by device id): devices without one are left out. */
  logins: ReadonlyMap<number, DeviceLogin>;
  /** mqtt://host:port (or ws://…) of the broker the devices connect to. */
  brokerUrl: string;
  /** SIM_SPEED: flocks grow this many times faster than real time. */
  speed?: number;
  /** Virtual devices in all (default: one per device); more repeat the account's devices for load. */
  count?: number;
  log: SimulatorLog;
  clock?: () => number;
  /** Seeds every device's random source (tests); random otherwise. */
  seed?: number;
  resendMs?: number;
  reconnectMs?: number;
  /** Every device ticks this often instead of its model's interval (tests). */
  intervalMs?: number;
}

export interface RunningSimulator {
  devices: VirtualDevice[];
  stop(): Promise<void>;
}

/**
 * Starts one virtual device per registered device (or `count`, repeating them): each connects
 * with its own login, identifies itself and streams its model's messages until stop().
 */
export function startSimulator(options: SimulatorOptions): RunningSimulator {
  const { snapshot, logins, log, clock = Date.now, speed = 1 } = options;
  const usable = snapshot.devices.filter((device) => logins.has(device.id));
  const count = options.count ?? usable.length;
  const copies = usable.length === 0 ? 1 : Math.ceil(count / usable.length);
  const now = clock();
  // Numbers above any a previous run used: microseconds of the start, well within 2^53.
  const seqBase = now * 1000;
  const baseSeed = options.seed ?? randomInt(2 ** 31);
  const devices: VirtualDevice[] = [];
  for (let index = 0; index < count && usable.length > 0; index++) {
    const device = usable[index % usable.length]!;
    const copy = Math.floor(index / usable.length);
    const login = logins.get(device.id)!;
    const random = seededRandom(baseSeed + index * 7919);
    const behaviour = behaviourFor(device, snapshot, { now, speed, random: () => random });
    const clientId = login.client_id ?? `${device.modelo}-${device.serie}`;
    devices.push(
      new VirtualDevice({
        device,
        brokerUrl: options.brokerUrl,
        usuario: login.usuario,
        senha: login.senha,
        // Copies of a device need client ids of their own, or the broker would drop each for the next.
        clientId: copy === 0 ? clientId : `${clientId}~${copy}`,
        behaviour,
        timezone: snapshot.timezone,
        random,
        seqBase,
        seqStride: copies,
        seqOffset: copy,
        clock,
        log,
        ...(options.resendMs === undefined ? {} : { resendMs: options.resendMs }),
        ...(options.reconnectMs === undefined ? {} : { reconnectMs: options.reconnectMs }),
        ...(options.intervalMs === undefined ? {} : { intervalMs: options.intervalMs }),
      }),
    );
  }
  for (const device of devices) device.start();
  return {
    devices,
    async stop() {
      await Promise.all(devices.map((device) => device.stop()));
    },
  };
}
