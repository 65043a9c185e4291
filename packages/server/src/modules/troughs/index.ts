/** The troughs module's public face: feeder troughs (calhas). */
export { troughsModule } from './module.js';
export { troughsService, type TroughsService } from './service.js';
export { CALHA_PERIOD_MS } from './analysis.js';
export type { NewCalhaReading } from './troughs.repository.js';
