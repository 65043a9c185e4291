/** The performance module's public face: the flock indicators (getdesempenho) and rankings (getcomparativo). */
export { performanceModule } from './module.js';
export { performanceService, type PerformanceService } from './service.js';
export type { ComparativoInput } from './comparison.js';
