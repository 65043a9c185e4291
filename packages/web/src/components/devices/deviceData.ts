import { MODEL_MESSAGES, type DeviceModel } from '@portal/shared';

/** Whether a model sends this message (docs/device-protocol.md, MODEL_MESSAGES). */
export const sendsMessage = (modelo: string, message: 'PES' | 'SILO' | 'CALHA'): boolean => (MODEL_MESSAGES[modelo as DeviceModel] ?? []).includes(message);

/**
 * Models that send bird weighings (PES: scales, graders, the ground collector). Only their page
 * lists the last stored weighings; a silo scale, a trough monitor or a doser never has any.
 */
export const recordsWeighings = (modelo: string): boolean => sendsMessage(modelo, 'PES');
