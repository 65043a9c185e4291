/** The silos module's public face: silos, their feed movements and their balance from a scale. */
export { silosModule } from './module.js';
export { siloBalanceService, type SiloBalanceService } from './balance.service.js';
export { siloMovementsService, type SiloMovementsService } from './movements.service.js';
export type { NewSiloReading } from './readings.repository.js';
export { SILO_READING_PERIOD_MS, siloReadingsService, type SiloReadingsService } from './readings.service.js';
export { silosService, type SilosService } from './service.js';
