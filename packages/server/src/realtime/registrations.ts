import { deviceKey, type LiveDevice } from '@portal/shared';
import type { KnownDevice } from '../mqtt/types.js';
import type { DeviceAccess } from './access.js';

/** A registered device as the hub keeps it: the gateway's view of a device. */
export type HubDevice = KnownDevice;

/** Finds devices by serial in any account (compared without case); the model is matched here. */
export type FindDevices = (serials: readonly string[]) => Promise<HubDevice[]>;

export interface Registration {
  device: HubDevice;
  /** The key as the page sent it (re-checked every minute). */
  asked: LiveDevice;
}

export interface Checked {
  /** Accepted keys and the device each one names. */
  accepted: Map<string, Registration>;
  refused: string[];
}

/**
 * Which of the keys a page asked for name a registered device (model, serial without case,
 * the very chip id) that this user may read. Refusals do not say why, so keys reveal nothing.
 */
export async function checkRegistrations(userId: number, wanted: readonly LiveDevice[], findDevices: FindDevices, access: DeviceAccess): Promise<Checked> {
  const unique = new Map(wanted.map((device) => [deviceKey(device), device]));
  const rows = await findDevices([...unique.values()].map((device) => device.serie));
  const bySerial = new Map(rows.map((row) => [`${row.modelo}|${row.serie.toLowerCase()}`, row]));
  // A grant is the same for every device of one owner and farm: ask once.
  const allowed = new Map<string, Promise<boolean>>();
  const may = (device: HubDevice) => {
    const place = `${device.owner_id}|${device.nucleo_id}`;
    let answer = allowed.get(place);
    if (!answer) allowed.set(place, (answer = access({ userId }, device, 'read')));
    return answer;
  };
  const accepted = new Map<string, Registration>();
  const refused: string[] = [];
  for (const [key, device] of unique) {
    const row = bySerial.get(`${device.modelo}|${device.serie.toLowerCase()}`);
    if (row && row.chip_id === device.chip_id && (await may(row))) accepted.set(key, { device: row, asked: device });
    else refused.push(key);
  }
  return { accepted, refused };
}
