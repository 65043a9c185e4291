/**
 * The dosing module's public face: dosing and fumigation history, and the device events derived
 * from a doser's readings (its service's followReading listens to 'readings.stored').
 */
export { dosingModule } from './module.js';
export { dosingService, type DosingService } from './service.js';
export type { NewDoseReading } from './dosagens.repository.js';
export { DOSE_READING_PERIOD_MS, DOSING_PEDIDO_PREFIX, type OpenedDosagem } from './sync.js';
