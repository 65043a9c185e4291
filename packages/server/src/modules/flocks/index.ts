/** The flocks module's public face: flocks (lotes), their daily house records and close-out, the account's performance settings. */
export { flocksModule } from './module.js';
export { flockAge, flocksService, type FlocksService } from './service.js';
export type { DailyTotals, PerformanceSettings } from './daily.service.js';
