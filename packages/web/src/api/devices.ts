import type { Device } from '@portal/shared';
import { callList } from './client';

/** The device calls the shell needs; the devices screens build on the same call table. */
export const devicesApi = {
  /** The devices of the owner acted for (undefined: the signed-in user's own), ordered by model and serial. */
  listOf: (prop: number | undefined): Promise<Device[]> => callList('getdevice', prop),
};
