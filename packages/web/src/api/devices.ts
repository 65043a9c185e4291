import { deviceList, type Device } from '@portal/shared';
import { apiRequest } from './client';

/** The device calls the shell needs; the devices screens build on the same shared schemas. */
export const devicesApi = {
  /** The signed-in user's own devices, ordered by model and serial. */
  listOwn: (): Promise<Device[]> => apiRequest('getdevice', { schema: deviceList }),
};
