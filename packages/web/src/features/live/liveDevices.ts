import { isLiveModel, LIVE_CHIP_MIN } from '@portal/shared';

/** Devices that join the live channel (spec section 7): a live model with a chip id of at least 2 characters. */
export const isLiveDevice = (device: { modelo: string; chip_id: string }): boolean => isLiveModel(device.modelo) && device.chip_id.length >= LIVE_CHIP_MIN;
