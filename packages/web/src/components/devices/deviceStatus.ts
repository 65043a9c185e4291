import { countDeviceWarnings, DEVICE_IDLE_WARNING_MINUTES, type DevupdtItem } from '@portal/shared';

/** devupdt takes at most 500 devices per call. */
export const DEVUPDT_MAX = 500;

/** The online status of a device by model and serial (devupdt's key). */
export const statusKey = (device: { modelo: string; serie: string }): string => `${device.modelo}|${device.serie}`;

/** Minutes since last contact by statusKey; null for a device that never sent anything. */
export type DeviceStatusMap = ReadonlyMap<string, number | null>;

export function statusMap(items: readonly DevupdtItem[]): DeviceStatusMap {
  return new Map(items.map((item) => [statusKey(item), item.minutos]));
}

/** The list cut into devupdt-sized calls. */
export function inChunks<T>(list: readonly T[], size = DEVUPDT_MAX): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < list.length; start += size) chunks.push(list.slice(start, start + size));
  return chunks;
}

/**
 * The Devices badge (spec sections 4 and 9): devices without contact for 1440 minutes or more.
 * A device that never connected has no contact to count from: it shows as 'never connected'
 * instead of as a warning.
 */
export function countWarnings(items: Iterable<{ minutos: number | null }>): number {
  const idle: { minutos: number }[] = [];
  for (const item of items) if (item.minutos !== null) idle.push({ minutos: item.minutos });
  return countDeviceWarnings(idle, DEVICE_IDLE_WARNING_MINUTES);
}

export type ContactState = 'never' | 'ok' | 'idle';

/** 'idle' after a day or more without contact (shown in the danger colour), 'never' without any. */
export function contactState(minutos: number | null): ContactState {
  if (minutos === null) return 'never';
  return minutos >= DEVICE_IDLE_WARNING_MINUTES ? 'idle' : 'ok';
}

/**
 * Minutes since last contact: devupdt's fresh answer when there is one, else the device record's
 * last contact (loaded once with the list), else null (never connected).
 */
export function minutesOf(device: { modelo: string; serie: string; ultimo_contato: string | null }, status: DeviceStatusMap | undefined, now = Date.now()): number | null {
  const key = statusKey(device);
  if (status?.has(key)) return status.get(key) ?? null;
  if (device.ultimo_contato === null) return null;
  const at = Date.parse(device.ultimo_contato);
  return Number.isNaN(at) ? null : Math.max(0, Math.floor((now - at) / 60_000));
}

/**
 * The devices with a warning first, the longest idle leading; the others after them in the order
 * given (the sort is stable), so a list shows what needs attention before what does not.
 */
export function warningsFirst<T extends { minutos: number | null }>(devices: readonly T[]): T[] {
  const idleFor = (device: T) => (contactState(device.minutos) === 'idle' ? (device.minutos ?? 0) : 0);
  return [...devices].sort((a, b) => idleFor(b) - idleFor(a));
}
